/**
 * Where the suite's time goes. Runs the stages of `npm test` one after the other, as `npm test` runs them
 * (each stage's command is read from package.json), times each, and prints a markdown table: each
 * stage's wall time, each vitest and Playwright project's files, tests and time, and the 15 slowest test
 * files per vitest project with their setup share (import, setup files, beforeAll/afterAll: the part of
 * a file that is not its tests).
 *
 *   npx tsx scripts/bench/test-timings.ts                 # the whole run (what `npm test` runs)
 *   npx tsx scripts/bench/test-timings.ts --install       # with `npm ci` first, as .ci/run does
 *   npx tsx scripts/bench/test-timings.ts --stages vitest --files src/server/test   # a part of it
 *   npx tsx scripts/bench/test-timings.ts --from test-timings   # print a previous run's reports again
 *
 * Options:
 *   --out DIR      where the reports go (default test-timings/): stages.json, vitest.json, playwright.json
 *   --from DIR     run nothing; print the tables from the reports in DIR
 *   --stages LIST  comma-separated, from: install,codegen,typecheck,lint,vitest,build,size,pwa,playwright
 *                  (default: all but install)
 *   --files ...    the rest of the arguments are vitest filters (paths); e.g. a few files to try it out
 *   --install      add the install stage (`npm ci`: never in a worktree whose node_modules is shared)
 *
 * `npm test` stops at the first failing stage; this goes on, and exits 1 at the end if one failed.
 * The codegen stage is timed on its own: in `npm test` it runs as pretypecheck and again as prebuild.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ModuleTiming, VitestTimings } from './timings-reporter.js';

const ALL_STAGES = [
  'install',
  'codegen',
  'typecheck',
  'lint',
  'vitest',
  'build',
  'size',
  'pwa',
  'playwright',
];
type StageTiming = { stage: string; command: string; seconds: number; ok: boolean };

function parseArgs(argv: string[]) {
  const opts = {
    out: 'test-timings',
    from: null as string | null,
    stages: ALL_STAGES.filter((s) => s !== 'install'),
    files: [] as string[],
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--out') opts.out = argv[++i]!;
    else if (arg === '--from') opts.from = argv[++i]!;
    else if (arg === '--install') opts.stages = ['install', ...opts.stages.filter((s) => s !== 'install')];
    else if (arg === '--stages') {
      opts.stages = argv[++i]!.split(',').map((s) => s.trim());
      const unknown = opts.stages.filter((s) => !ALL_STAGES.includes(s));
      if (unknown.length) throw new Error(`--stages: unknown ${unknown.join(', ')}; known: ${ALL_STAGES}`);
    } else if (arg === '--files') {
      opts.files = argv.slice(i + 1);
      break;
    } else throw new Error(`Unknown argument ${arg} (see the comment at the top of this script)`);
  }
  return opts;
}

function stageCommand(
  stage: string,
  scripts: Record<string, string>,
  files: string[],
  out: string,
): { command: string; env?: Record<string, string> } {
  const script = (name: string) => {
    const body = scripts[name];
    if (!body) throw new Error(`package.json has no "${name}" script`);
    return body;
  };
  switch (stage) {
    case 'install':
      return { command: 'npm ci --no-audit --no-fund' };
    case 'codegen':
      return { command: script('codegen') };
    case 'typecheck':
      return { command: script('typecheck') };
    case 'lint':
      return { command: script('lint') };
    case 'vitest':
      return {
        command: `vitest run --reporter=default --reporter=./scripts/bench/timings-reporter.ts ${files.join(' ')}`,
        env: { TEST_TIMINGS_VITEST: path.join(out, 'vitest.json') },
      };
    case 'build':
      return { command: script('build') };
    case 'size':
      return { command: script('test:size') };
    case 'pwa':
      return { command: script('test:pwa') };
    case 'playwright':
      return {
        command: 'playwright test --reporter=list,json',
        env: { PLAYWRIGHT_JSON_OUTPUT_FILE: path.resolve(out, 'playwright.json') },
      };
    default:
      throw new Error(`unknown stage ${stage}`);
  }
}

/** Runs a package.json-style command line (`a && b`, node_modules/.bin on the PATH), its output shown. */
function run(command: string, env: Record<string, string> = {}): Promise<boolean> {
  const bin = path.resolve('node_modules', '.bin');
  return new Promise((resolve) => {
    const child = spawn('sh', ['-c', command], {
      stdio: 'inherit',
      env: { ...process.env, ...env, PATH: `${bin}${path.delimiter}${process.env.PATH}` },
    });
    child.on('exit', (code) => resolve(code === 0));
    child.on('error', () => resolve(false));
  });
}

async function runStages(opts: ReturnType<typeof parseArgs>): Promise<StageTiming[]> {
  const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> })
    .scripts;
  mkdirSync(opts.out, { recursive: true });
  // A run's reports are its own: none left from an earlier run in the same directory.
  for (const name of ['stages.json', 'vitest.json', 'playwright.json', 'report.md']) {
    rmSync(path.join(opts.out, name), { force: true });
  }
  const timings: StageTiming[] = [];
  for (const stage of opts.stages) {
    const { command, env } = stageCommand(stage, scripts, opts.files, opts.out);
    console.log(`\n=== ${stage}: ${command}`);
    const started = performance.now();
    const ok = await run(command, env);
    const seconds = (performance.now() - started) / 1000;
    timings.push({ stage, command, seconds, ok });
    console.log(`=== ${stage}: ${seconds.toFixed(1)} s${ok ? '' : ' (FAILED)'}`);
    writeFileSync(path.join(opts.out, 'stages.json'), `${JSON.stringify(timings, null, 1)}\n`);
  }
  return timings;
}

// ---------------------------------------------------------------------------------------------------
// The tables

const s = (ms: number) => (ms / 1000).toFixed(1);
const pct = (part: number, whole: number) => (whole > 0 ? `${Math.round((100 * part) / whole)} %` : '–');

/** A file's time: vitest's import of it and its setup files, then its hooks and tests. */
function fileTime(m: ModuleTiming) {
  const total = m.prepareMs + m.setupMs + m.collectMs + m.runMs;
  const setup = total - m.testsMs;
  return { total, setup };
}

function table(head: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}

function stagesTable(stages: StageTiming[]): string {
  const total = stages.reduce((sum, st) => sum + st.seconds, 0);
  return table(
    ['stage', 'wall s', 'status'],
    [
      ...stages.map((st) => [st.stage, st.seconds.toFixed(1), st.ok ? 'ok' : 'FAILED']),
      ['**total**', `**${total.toFixed(1)}**`, stages.every((st) => st.ok) ? 'ok' : 'FAILED'],
    ],
  );
}

function vitestTables(t: VitestTimings): string {
  const projects = [...new Set(t.modules.map((m) => m.project))].sort();
  const out: string[] = [];
  out.push(
    `vitest wall: ${s(t.endedAt - t.startedAt)} s (the projects share one pool of workers, interleaved)\n`,
  );
  out.push(
    table(
      ['project', 'files', 'tests passed', 'failed', 'skipped', 'Σ file time s', 'Σ setup s', 'setup share'],
      projects.map((p) => {
        const ms = t.modules.filter((m) => m.project === p);
        const sum = (f: (m: ModuleTiming) => number) => ms.reduce((acc, m) => acc + f(m), 0);
        const total = sum((m) => fileTime(m).total);
        const setup = sum((m) => fileTime(m).setup);
        return [
          p,
          ms.length,
          sum((m) => m.tests.passed),
          sum((m) => m.tests.failed),
          sum((m) => m.tests.skipped),
          s(total),
          s(setup),
          pct(setup, total),
        ];
      }),
    ),
  );
  for (const p of projects) {
    const slowest = t.modules
      .filter((m) => m.project === p)
      .map((m) => ({ m, ...fileTime(m) }))
      .sort((a, b) => b.total - a.total)
      .slice(0, 15);
    out.push(`\n#### ${p}: the 15 slowest files\n`);
    out.push(
      table(
        ['file', 'tests', 'total s', 'import s', 'beforeAll/afterAll s', 'tests s', 'setup share'],
        slowest.map(({ m, total, setup }) => [
          m.file,
          m.tests.passed + m.tests.failed + m.tests.skipped,
          s(total),
          s(m.prepareMs + m.setupMs + m.collectMs),
          s(m.runMs - m.testsMs),
          s(m.testsMs),
          pct(setup, total),
        ]),
      ),
    );
  }
  return out.join('\n');
}

type PwSuite = { file?: string; suites?: PwSuite[]; specs?: PwSpec[] };
type PwSpec = {
  file: string;
  tests: { projectName: string; results: { startTime: string; duration: number; status: string }[] }[];
};

function playwrightTables(report: { suites: PwSuite[] }): string {
  const results: { project: string; file: string; start: number; duration: number; status: string }[] = [];
  const walk = (suite: PwSuite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        for (const r of test.results) {
          results.push({
            project: test.projectName,
            file: spec.file,
            start: Date.parse(r.startTime),
            duration: r.duration,
            status: r.status,
          });
        }
      }
    }
    for (const inner of suite.suites ?? []) walk(inner);
  };
  for (const suite of report.suites) walk(suite);
  const projects = [...new Set(results.map((r) => r.project))].sort();
  const out: string[] = [];
  out.push(
    table(
      ['project', 'tests', 'passed', 'Σ test time s', 'span s'],
      projects.map((p) => {
        const rs = results.filter((r) => r.project === p);
        const start = Math.min(...rs.map((r) => r.start));
        const end = Math.max(...rs.map((r) => r.start + r.duration));
        return [
          p,
          rs.length,
          rs.filter((r) => r.status === 'passed').length,
          s(rs.reduce((acc, r) => acc + r.duration, 0)),
          s(end - start),
        ];
      }),
    ),
  );
  const byFile = new Map<string, { project: string; ms: number; tests: number }>();
  for (const r of results) {
    const key = `${r.project} ${r.file}`;
    const known = byFile.get(key) ?? { project: r.project, ms: 0, tests: 0 };
    known.ms += r.duration;
    known.tests++;
    byFile.set(key, known);
  }
  out.push('\n#### Playwright: the 15 slowest spec files\n');
  out.push(
    table(
      ['spec', 'project', 'tests', 's'],
      [...byFile.entries()]
        .sort((a, b) => b[1].ms - a[1].ms)
        .slice(0, 15)
        .map(([key, v]) => [key.slice(v.project.length + 1), v.project, v.tests, s(v.ms)]),
    ),
  );
  return out.join('\n');
}

function report(dir: string, stages: StageTiming[] | null): string {
  const out: string[] = [];
  const read = <T>(name: string): T | null => {
    const file = path.join(dir, name);
    return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : null;
  };
  stages ??= read<StageTiming[]>('stages.json');
  if (stages) out.push('### Stages\n', stagesTable(stages));
  const vitest = read<VitestTimings>('vitest.json');
  if (vitest) out.push('\n### Vitest\n', vitestTables(vitest));
  const pw = read<{ suites: PwSuite[] }>('playwright.json');
  if (pw) out.push('\n### Playwright\n', playwrightTables(pw));
  if (out.length === 0) out.push(`No reports in ${dir} (stages.json, vitest.json, playwright.json).`);
  return out.join('\n');
}

async function main(): Promise<number> {
  const opts = parseArgs(process.argv.slice(2));
  if (opts.from) {
    console.log(report(opts.from, null));
    return 0;
  }
  const stages = await runStages(opts);
  const text = report(opts.out, stages);
  writeFileSync(path.join(opts.out, 'report.md'), `${text}\n`);
  console.log(`\n${text}\n\n(also in ${path.join(opts.out, 'report.md')})`);
  return stages.every((st) => st.ok) ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
