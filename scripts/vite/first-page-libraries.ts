import path from 'node:path';
import type { Plugin } from 'vite';

/** What the chunking hooks tell about a module (rolldown's ModuleInfo, the fields used here). */
type ModuleGraph = (id: string) => { code: string | null; importedIds: readonly string[] } | null;

/** `import a, { b as c } from 'x'`, `import * as ns from 'x'`, `export { d } from 'x'`, `export * from 'x'`. */
const STATEMENT =
  /(?:^|[;\n}])\s*(import|export)\s+(?!type\b)([\w$]+\s*,\s*)?(\*\s*as\s+[\w$]+|\*|\{[^}]*\}|[\w$]+)?\s*from\s*["']([^"']+)["']/g;

type Edge = { kind: 'import' | 'export'; spec: string; names: 'all' | Map<string, string> };

/**
 * The import and re-export statements of a module that bind names, with the names each takes (for a
 * re-export, exported name → the name in the source module). Bare `import 'x'` lines are left out:
 * Mantine's build writes one for every module a file's own imports touch, used or not, and its packages
 * have no side effects, so the bundler drops them.
 */
export function bindingEdges(code: string): Edge[] {
  const edges: Edge[] = [];
  for (const m of code.matchAll(STATEMENT)) {
    const [, kind, defaultPart, clause = '', spec] = m;
    let names: Edge['names'] = new Map();
    if (defaultPart) names.set('default', 'default');
    if (clause.startsWith('*')) names = 'all';
    else if (clause.startsWith('{')) {
      for (const item of clause.slice(1, -1).split(',')) {
        const entry = item.trim();
        if (!entry || entry.startsWith('type ')) continue;
        const [from = '', as = from] = entry.split(/\s+as\s+/);
        names.set(as.trim(), from.trim());
      }
    } else if (clause) names.set('default', 'default');
    edges.push({ kind: kind as Edge['kind'], spec: spec!, names });
  }
  return edges;
}

const EXTENSIONS = [
  '',
  '.ts',
  '.tsx',
  '.js',
  '.mjs',
  '.jsx',
  '/index.ts',
  '/index.tsx',
  '/index.js',
  '/index.mjs',
];

/** The id a specifier of `from` resolved to, among the ids the bundler records for it. */
function resolveSpec(from: string, spec: string, importedIds: readonly string[]): string | undefined {
  if (spec.startsWith('.')) {
    const base = path.resolve(path.dirname(from), spec);
    return EXTENSIONS.map((ext) => base + ext).find((id) => importedIds.includes(id));
  }
  const pkg = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0];
  return importedIds.find((id) => id.includes(`/node_modules/${pkg}/`));
}

/**
 * The modules the given roots use, following only the names they import: through a package's index
 * (`import { Button } from '@mantine/core'`) to the files that define those names, and from there every
 * binding import (at the granularity of modules). `skip` ids are neither kept nor followed.
 */
export function usedModules(roots: readonly string[], graph: ModuleGraph, skip: RegExp): Set<string> {
  const used = new Set<string>();
  /** Per module, the names asked of it so far ('all' once everything is). */
  const asked = new Map<string, 'all' | Set<string>>();
  /**
   * `names` of module `id` are used. `viaStar`: asked through an `export * from` of another module, so
   * the module may not define them at all (then they are looked for in its own `export *` sources).
   */
  const need = (id: string, names: 'all' | Iterable<string>, viaStar = false) => {
    if (skip.test(id)) return;
    const before = asked.get(id);
    if (before === 'all') return;
    const fresh = names === 'all' ? 'all' : [...names].filter((n) => n && n !== '*' && !before?.has(n));
    if (fresh !== 'all' && fresh.length === 0 && before) return;
    asked.set(id, fresh === 'all' ? 'all' : new Set([...(before ?? []), ...fresh]));
    const code = graph(id)?.code;
    const importedIds = graph(id)?.importedIds ?? [];
    if (!code) return;
    const edges = bindingEdges(code);
    const defines = (n: string) => !reexportOf(edges, n) && (!viaStar || declares(code, n));
    // A module is used once one of its own bindings is (not only names it re-exports). Its imports all
    // come along then (a component's static parts, its helpers), not only those of the names asked.
    if ((fresh === 'all' || fresh.some(defines)) && !used.has(id)) {
      used.add(id);
      for (const edge of edges) {
        if (edge.kind !== 'import') continue;
        const target = resolveSpec(id, edge.spec, importedIds);
        if (target) need(target, edge.names === 'all' ? 'all' : edge.names.values());
      }
    }
    // Names it re-exports: followed to the module that defines them.
    for (const edge of edges) {
      if (edge.kind !== 'export') continue;
      const target = resolveSpec(id, edge.spec, importedIds);
      if (!target) continue;
      if (edge.names === 'all') {
        // `export * from`: a name asked that this module does not define may come from there.
        need(target, fresh === 'all' ? 'all' : fresh.filter((n) => !declares(code, n)), true);
      } else {
        const wanted = [...edge.names].filter(([as]) => fresh === 'all' || fresh.includes(as));
        if (wanted.length > 0)
          need(
            target,
            wanted.map(([, from]) => from),
          );
      }
    }
  };
  for (const root of roots) need(root, 'all');
  return used;
}

const reexportOf = (edges: Edge[], name: string) =>
  edges.some((e) => e.kind === 'export' && e.names !== 'all' && e.names.has(name));

const escapeName = (name: string) => name.replace(/\$/g, '\\$');

/** Whether a module declares and exports `name` itself (a rough check, enough to route `export *` lookups). */
function declares(code: string, name: string): boolean {
  if (name === 'default') return /\bexport\s+default\b/.test(code);
  const n = escapeName(name);
  return (
    new RegExp(
      `\\bexport\\s+(?:declare\\s+)?(?:const|let|var|function\\*?|async\\s+function|class|enum)\\s+${n}\\b`,
    ).test(code) || new RegExp(`\\bexport\\s*\\{[^}]*\\b${n}\\b[^}]*\\}(?!\\s*from)`).test(code)
  );
}

/**
 * The chunk group for the first page's libraries (besides the framework: Mantine's components and
 * hooks, the icons, clsx). Left to the splitter, they came as some 30 chunks of a few hundred bytes (one
 * per set of routes that share them: Stack, Container, UnstyledButton, use-id...), each a request with
 * its headers. In one chunk, the page asks for it once, and pages that are not the first page load the
 * same chunk (they use these components too), already cached.
 *
 * Only what the first page uses goes in, found by following the names it imports: the modules' own
 * import graph would bring all of Mantine (every name of `@mantine/core` goes through its index, and
 * each component file has bare imports of modules it does not use). So the group does not take the
 * captured modules' dependencies along (includeDependenciesRecursively: false; they are in the set
 * already, or in the framework chunk).
 */
export function firstPageLibraries(options: { roots: readonly string[]; framework: RegExp; name: string }) {
  let used: Set<string> | null = null;
  const plugin: Plugin = {
    name: 'first-page-libraries',
    buildStart() {
      used = null;
    },
    // The group's chunk should need nothing but the framework (and the bundler's runtime): anything else
    // is a dependency the name-following missed, and a chunk importing back and forth.
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || chunk.name !== options.name) continue;
        const others = chunk.imports.filter((file) => {
          const name = bundle[file]?.name;
          return name !== 'framework' && name !== 'rolldown-runtime';
        });
        if (others.length > 0) this.warn(`${chunk.fileName} imports ${others.join(', ')}`);
      }
    },
  };
  const group = {
    name: (id: string, chunking: { getModuleInfo: (id: string) => ReturnType<ModuleGraph> }) => {
      if (!id.includes('/node_modules/') || options.framework.test(id)) return null;
      used ??= usedModules(options.roots, (module) => chunking.getModuleInfo(module), options.framework);
      return used.has(id) ? options.name : null;
    },
    includeDependenciesRecursively: false,
  };
  return { plugin, group };
}
