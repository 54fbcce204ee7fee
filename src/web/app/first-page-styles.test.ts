import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FIRST_PAGE_ROOTS, MANTINE_BASE_CSS, MANTINE_COMPONENT_CSS, NOTIFICATION_CSS } from './mantine-css';

// The first pages load only the Mantine stylesheets first-page-styles.ts imports (issue 16). A
// component they render without its stylesheet would show unstyled, and no type check or build
// notices: these tests read the sources and Mantine's own files to keep the list whole.

const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MANTINE_CORE = path.resolve(
  path.dirname(createRequire(import.meta.url).resolve('@mantine/core')),
  '..',
);
const read = (file: string) => readFileSync(file, 'utf8');

type Import = { spec: string; names: string[] };

/** The static imports and re-exports of a module (not `import type`, not `import()`). */
function importsOf(source: string): Import[] {
  const out: Import[] = [];
  for (const m of source.matchAll(/^\s*(?:import|export)\s+(type\s+)?([^'";]*?)\s*from\s*'([^']+)'/gm)) {
    if (m[1]) continue;
    const names = (m[2]?.match(/\{([^}]*)\}/)?.[1] ?? '')
      .split(',')
      .map((n) => n.trim())
      .filter((n) => n && !n.startsWith('type '))
      .map((n) => n.split(/\s+as\s+/)[0]!);
    out.push({ spec: m[3]!, names });
  }
  for (const m of source.matchAll(/^\s*import\s+'([^']+)'/gm)) out.push({ spec: m[1]!, names: [] });
  return out;
}

function resolveSource(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec);
  for (const file of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (existsSync(file) && statSync(file).isFile()) return file;
  }
  return null;
}

/** Every source module the roots import statically, the roots included. */
function staticGraph(roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const { spec } of importsOf(read(file))) {
      if (!spec.startsWith('.') || spec.endsWith('.css')) continue;
      const next = resolveSource(file, spec);
      if (next) visit(next);
    }
  };
  for (const root of roots) visit(path.join(WEB, root));
  return seen;
}

const firstPageModules = staticGraph(FIRST_PAGE_ROOTS);

/** Name → the modules that import it, for every name the first pages import from a Mantine package. */
function mantineImports(pkg: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const file of firstPageModules) {
    for (const { spec, names } of importsOf(read(file))) {
      if (spec !== pkg) continue;
      for (const name of names) out.set(name, [...(out.get(name) ?? []), path.relative(WEB, file)]);
    }
  }
  return out;
}

/** The @mantine/core stylesheets a module imports, by name (`UnstyledButton` for styles/UnstyledButton.layer.css). */
const coreStylesheets = (file: string) =>
  importsOf(read(file))
    .map(({ spec }) => spec.match(/^@mantine\/core\/styles\/(.+)\.layer\.css$/)?.[1])
    .filter((name): name is string => name !== undefined);

/**
 * The stylesheets a component's own source reaches in @mantine/core: the CSS modules (X.module.css.mjs,
 * published as styles/X.css) of every file it imports with a binding, followed through. Bare
 * `import '...'` lines are left out: Mantine's build writes them for modules it does not use (its
 * package has no side effects, so bundlers drop them).
 */
function stylesheetsOfComponent(name: string): string[] {
  const index = read(path.join(MANTINE_CORE, 'esm/index.mjs'));
  const from = index.match(new RegExp(`^export \\{[^}]*\\b${name}\\b[^}]*\\} from '([^']+)'`, 'm'))?.[1];
  if (!from) throw new Error(`@mantine/core does not export ${name}`);
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const m of read(file).matchAll(/^(?:import|export)\s[^'"]*?from\s+'(\.[^']+)'/gm)) {
      visit(path.resolve(path.dirname(file), m[1]!));
    }
  };
  visit(path.join(MANTINE_CORE, 'esm', from));
  return [...seen]
    .filter((file) => file.endsWith('.module.css.mjs'))
    .map((file) => path.basename(file, '.module.css.mjs'));
}

const entryList = coreStylesheets(path.join(WEB, 'app/first-page-styles.ts'));
const FULL_STYLES = path.join(WEB, 'app/full-styles.ts');

describe("the first pages' Mantine stylesheets", () => {
  const components = mantineImports('@mantine/core');

  it('start from the entry and the Get Started and Login routes', () => {
    const files = [...firstPageModules].map((f) => path.relative(WEB, f));
    expect(files).toEqual(
      expect.arrayContaining([
        'main.tsx',
        'app/first-page-styles.ts',
        'app/start.tsx',
        'app/layout.tsx',
        'app/session.tsx',
        'app/gateway.tsx',
        'order/get-started-page.tsx',
        'order/get-started-view.tsx',
        'order/questionnaire-checklist.tsx',
        'account/login-page.tsx',
        'components/password-field.tsx',
      ]),
    );
    expect(components.get('Button')).toBeDefined();
  });

  it('list every component the first pages import from @mantine/core', () => {
    const unlisted = [...components]
      .filter(([name]) => /^[A-Z]/.test(name) && !Object.hasOwn(MANTINE_COMPONENT_CSS, name))
      .map(([name, files]) => `${name} (${files.join(', ')})`);
    expect(unlisted, 'add them to MANTINE_COMPONENT_CSS in mantine-css.ts').toEqual([]);
  });

  it.each(Object.keys(MANTINE_COMPONENT_CSS))('list what %s is built from, as its source says', (name) => {
    expect([...MANTINE_COMPONENT_CSS[name]!].sort()).toEqual(stylesheetsOfComponent(name).sort());
  });

  it('are imported by first-page-styles.ts, every one and no other', () => {
    const used = [...components.keys()].filter((name) => Object.hasOwn(MANTINE_COMPONENT_CSS, name));
    const needed = new Set([...MANTINE_BASE_CSS, ...used.flatMap((name) => MANTINE_COMPONENT_CSS[name]!)]);
    expect(new Set(entryList)).toEqual(needed);
    expect(entryList).toHaveLength(needed.size);
  });

  it("come in @mantine/core/styles.css's order, so a component's rules follow those it is built from", () => {
    const whole = read(path.join(MANTINE_CORE, 'styles.css'));
    const position = (name: string) => {
      const own = read(path.join(MANTINE_CORE, 'styles', `${name}.css`));
      // A component's stylesheet starts with its own root class; the three base files with their text.
      const firstClass = own.match(/^\.m_[0-9a-f]+\b/m)?.[0];
      const at = firstClass ? whole.search(new RegExp(`^${firstClass.replace('.', '\\.')}\\b`, 'm')) : -1;
      return at >= 0 ? at : whole.indexOf(own.trim().slice(0, 80));
    };
    const positions = entryList.map((name) => [name, position(name)] as const);
    for (const [name, at] of positions) expect(at, `${name} in styles.css`).toBeGreaterThanOrEqual(0);
    expect(entryList).toEqual([...positions].sort((a, b) => a[1] - b[1]).map(([name]) => name));
  });

  it('take nothing else from Mantine packages with stylesheets', () => {
    for (const pkg of ['@mantine/dates', '@mantine/charts'])
      expect([...mantineImports(pkg).keys()]).toEqual([]);
    // Only the store of @mantine/notifications (its container loads with the first toast).
    expect([...mantineImports('@mantine/notifications').keys()].filter((n) => /^[A-Z]/.test(n))).toEqual([]);
  });

  it("leave a toast's stylesheets to its container, which is built on the first pages' ones", () => {
    expect([...NOTIFICATION_CSS].sort()).toEqual(stylesheetsOfComponent('Notification').sort());
    const container = path.join(WEB, 'app/notifications-container.ts');
    expect(coreStylesheets(container)).toEqual(['Notification']);
    expect(importsOf(read(container)).map((i) => i.spec)).toContain(
      '@mantine/notifications/styles.layer.css',
    );
    expect(entryList).toEqual(expect.arrayContaining(NOTIFICATION_CSS.filter((n) => n !== 'Notification')));
  });
});

describe("Mantine's whole stylesheet", () => {
  const routeModules = ['app/router.tsx', 'reports/routes.ts'].flatMap((router) => {
    const file = path.join(WEB, router);
    return [...read(file).matchAll(/import\('([^']+)'\)/g)].map((m) => resolveSource(file, m[1]!)!);
  });
  const firstPageRoutes = new Set(FIRST_PAGE_ROOTS.map((root) => path.join(WEB, root)));

  it('is not part of the first pages', () => {
    expect(firstPageModules.has(FULL_STYLES)).toBe(false);
    expect(read(path.join(WEB, 'main.tsx'))).not.toMatch(/@mantine\/\w+\/styles(\.layer)?\.css/);
  });

  it('comes with every other route', () => {
    expect(routeModules.length).toBeGreaterThan(40);
    const without = [...new Set(routeModules)]
      .filter((file) => !firstPageRoutes.has(file))
      .filter((file) => !importsOf(read(file)).some(({ spec }) => resolveSource(file, spec) === FULL_STYLES))
      .map((file) => path.relative(WEB, file));
    expect(without, "import '../app/full-styles' at the top of these route modules").toEqual([]);
  });

  it('holds all of core, in the layer', () => {
    expect(importsOf(read(FULL_STYLES)).map((i) => i.spec)).toEqual([
      '@mantine/core/styles.layer.css',
      '@mantine/dates/styles.layer.css',
    ]);
  });
});
