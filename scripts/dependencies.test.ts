import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Every package the code imports is declared in package.json, and every declared package is used:
// an undeclared import works only while another package happens to bring it along (and breaks on
// the next update of that one); a declared package nothing uses is installed and audited for nothing.

const ROOT = path.resolve(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const declared = new Set([...Object.keys(pkg.dependencies), ...Object.keys(pkg.devDependencies)]);

/** Declared packages no source file imports: command-line tools, type packages, and plugins loaded by name. */
const USED_WITHOUT_IMPORT: Record<string, string> = {
  '@biomejs/biome': 'the lint command',
  '@redocly/cli': 'the lint command (scripts/lint-openapi.ts lints the OpenAPI document)',
  '@types/autocannon': 'types of autocannon',
  '@types/node': 'types of Node',
  '@types/nodemailer': 'types of nodemailer',
  '@types/qrcode': 'types of qrcode',
  '@types/react': 'types of React',
  '@types/react-dom': 'types of react-dom',
  '@types/smtp-server': 'types of smtp-server',
  tsx: 'runs the server and the scripts',
  typescript: 'the typecheck command',
  'postcss-preset-mantine': 'loaded by name in postcss.config.cjs',
  'postcss-simple-vars': 'loaded by name in postcss.config.cjs',
  postcss: 'runs postcss.config.cjs under Vite',
  'workbox-build': "vite-plugin-pwa's build of the service worker",
};

/** Files whose import-like text is test data for an import parser, not imports. */
const NOT_IMPORTS = new Set([
  'scripts/vite/first-page-libraries.ts',
  'scripts/vite/first-page-libraries.test.ts',
]);

const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'data', 'test-results', 'playwright-report', '.git']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (SKIP_DIRS.has(name)) return [];
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return SOURCE.test(name) ? [full] : [];
  });
}

const SPECIFIER =
  /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*|(?:\brequire|\bmeta|\))\.resolve\s*\(\s*)(['"])([^'"\n]+)\1/g;

/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name`; null for relative paths, builtins and virtual modules. */
function packageOf(specifier: string): string | null {
  if (/^[./]/.test(specifier) || specifier.startsWith('node:') || specifier.includes(':')) return null;
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
  if (builtinModules.includes(name)) return null;
  // Not a package name (e.g. a template string's text that looks like an import).
  if (!/^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*$/.test(name)) return null;
  return name;
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(SPECIFIER)].map((m) => packageOf(m[2]!)).filter((p): p is string => p !== null);
}

const files = [
  ...['src', 'scripts', 'e2e'].flatMap((d) => sourceFiles(path.join(ROOT, d))),
  ...readdirSync(ROOT)
    .filter((f) => SOURCE.test(f))
    .map((f) => path.join(ROOT, f)),
].filter((f) => !NOT_IMPORTS.has(path.relative(ROOT, f)));
const imported = new Map<string, string>();
for (const file of files) {
  for (const name of importsOf(file)) if (!imported.has(name)) imported.set(name, path.relative(ROOT, file));
}

describe('package.json', () => {
  it('reads imports of every form', () => {
    expect(packageOf('@pothos/core')).toBe('@pothos/core');
    expect(packageOf('@graphql-codegen/plugin-helpers/x')).toBe('@graphql-codegen/plugin-helpers');
    expect(packageOf('drizzle-orm/pg-core')).toBe('drizzle-orm');
    expect(packageOf('node:fs')).toBeNull();
    expect(packageOf('fs')).toBeNull();
    expect(packageOf('./x.js')).toBeNull();
    expect(packageOf('virtual:pwa-register')).toBeNull();
    expect(importsOf(path.join(ROOT, 'scripts/codegen.ts'))).toContain('@graphql-codegen/plugin-helpers');
  });

  it('declares every package the code imports', () => {
    const undeclared = [...imported].filter(([name]) => !declared.has(name)).map(([n, f]) => `${n} (${f})`);
    expect(undeclared).toEqual([]);
  });

  it('lists no package that nothing uses', () => {
    // A peer dependency of an imported package is used through it (recharts by @mantine/charts).
    const peers = new Set(
      [...imported.keys()]
        .filter((name) => declared.has(name))
        .flatMap((name) => {
          const own = JSON.parse(readFileSync(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8'));
          return Object.keys(own.peerDependencies ?? {});
        }),
    );
    const unused = [...declared].filter(
      (name) => !imported.has(name) && !peers.has(name) && !(name in USED_WITHOUT_IMPORT),
    );
    expect(unused).toEqual([]);
    // The list of exceptions stays true too: each is declared and really not imported.
    const stale = Object.keys(USED_WITHOUT_IMPORT).filter((n) => imported.has(n) || !declared.has(n));
    expect(stale).toEqual([]);
  });
});
