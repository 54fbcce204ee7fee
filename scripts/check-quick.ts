/**
 * The quick loop (`npm run check:quick`): checks a change in a few minutes before the full `npm test`.
 *
 * 1. codegen, then the typecheck, incremental (its build info kept under the OS temp directory, so the
 *    second run checks only what changed: ~40 s instead of ~2 min here);
 * 2. biome on the changed files only;
 * 3. the tests of the changed files: each changed test file, and the test file next to each changed
 *    source file (foo.ts -> foo.test.ts), in the unit and integration-pglite projects. `--related` runs
 *    every test file that imports a changed file, directly or not (`vitest related`: a change to a
 *    shared module pulls in dozens of integration files, many minutes); `--postgres` adds the
 *    integration-postgres project. The full run has both projects, and the replica project.
 *
 * "Changed" is against the merge base with main (`--base REF` for another), plus what is not committed
 * (staged, unstaged, untracked). Every step runs even if one fails; the exit code is 1 if any failed.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const args = process.argv.slice(2);
const base = args.includes('--base') ? args[args.indexOf('--base') + 1]! : 'main';
const projects = [
  'unit',
  'integration-pglite',
  ...(args.includes('--postgres') ? ['integration-postgres'] : []),
];

const git = (...a: string[]) =>
  execFileSync('git', a, { encoding: 'utf8' })
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

const mergeBase = git('merge-base', 'HEAD', base)[0]!;
const changed = [
  ...new Set([
    ...git('diff', '--name-only', '--diff-filter=ACMR', mergeBase),
    ...git('ls-files', '--others', '--exclude-standard'),
  ]),
]
  .filter((f) => existsSync(f))
  .sort();

console.log(
  `Changed against ${base} (${mergeBase.slice(0, 8)}) and not committed: ${changed.length} file(s)`,
);
for (const f of changed) console.log(`  ${f}`);

const bin = path.resolve('node_modules', '.bin');
const env = { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH}` };
const results: { step: string; seconds: number; ok: boolean }[] = [];

function step(name: string, command: string, argv: string[]): void {
  console.log(`\n=== ${name}`);
  const started = performance.now();
  const res = spawnSync(command, argv, { stdio: 'inherit', env });
  results.push({ step: name, seconds: (performance.now() - started) / 1000, ok: res.status === 0 });
}

const buildInfo = path.join(
  os.tmpdir(),
  `storefront-tsc-${createHash('sha256').update(process.cwd()).digest('hex').slice(0, 12)}.tsbuildinfo`,
);
step('codegen', 'tsx', ['scripts/codegen.ts']);
step('typecheck', 'tsc', ['--noEmit', '--incremental', '--tsBuildInfoFile', buildInfo]);

const lintable = changed.filter((f) => /\.(ts|tsx|js|mjs|cjs|json|jsonc|css)$/.test(f));
if (lintable.length > 0) {
  step('lint (changed files)', 'biome', ['check', '--files-ignore-unknown=true', ...lintable]);
}

const sources = changed.filter((f) => /\.(ts|tsx)$/.test(f));
const projectArgs = projects.flatMap((p) => ['--project', p]);
if (args.includes('--related') && sources.length > 0) {
  step(`tests related to the changed files (${projects.join(', ')})`, 'vitest', [
    'related',
    '--run',
    '--passWithNoTests',
    ...projectArgs,
    ...sources,
  ]);
} else {
  const tests = [
    ...new Set(
      sources.flatMap((f) =>
        /\.test\.tsx?$/.test(f) ? [f] : ['.test.ts', '.test.tsx'].map((ext) => f.replace(/\.tsx?$/, ext)),
      ),
    ),
  ].filter((f) => existsSync(f));
  if (tests.length > 0) {
    step(`tests of the changed files (${projects.join(', ')})`, 'vitest', [
      'run',
      '--passWithNoTests',
      ...projectArgs,
      ...tests,
    ]);
  } else console.log('\nNo test file among or next to the changed files: no tests to run.');
}

console.log('\n| step | s | status |\n| --- | --- | --- |');
for (const r of results) console.log(`| ${r.step} | ${r.seconds.toFixed(1)} | ${r.ok ? 'ok' : 'FAILED'} |`);
const total = results.reduce((sum, r) => sum + r.seconds, 0);
console.log(`| **total** | **${total.toFixed(1)}** | |`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
