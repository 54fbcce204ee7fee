/**
 * What the storefront's first page loads and what its chunks hold, from the build's own record
 * (dist/bundle-stats.json, written by `npm run build`): the chunks the entry and the Get Started route
 * need, each with its minified, brotli and gzip size; the framework chunk's and the other first-page
 * chunks' largest packages and modules; and the stylesheets, with what Mantine's per-component CSS for
 * the components these chunks use would weigh instead of the whole of @mantine/core/styles.css.
 *
 *   npm run build && npx tsx scripts/bench/bundle-report.ts [route module ...] [--top N]
 *
 * Route modules default to src/web/order/get-started-page.tsx (the /industry page). A module's size is
 * its share of the chunk: its rendered length before minification, scaled to the chunk's minified size.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { BundleStats, ChunkStats } from '../vite/bundle-stats.js';
import { APP_DIR } from './production-server.js';

const args = process.argv.slice(2);
const topAt = args.indexOf('--top');
const TOP = topAt >= 0 ? Number(args[topAt + 1]) : 20;
const routeModules = args.filter((a, i) => !a.startsWith('--') && i !== topAt + 1);
if (routeModules.length === 0) routeModules.push('src/web/order/get-started-page.tsx');

const statsFile = path.join(APP_DIR, 'dist/bundle-stats.json');
const webDist = path.join(APP_DIR, 'dist/web');
if (!existsSync(statsFile)) throw new Error('dist/bundle-stats.json is missing: run `npm run build` first.');
const stats = JSON.parse(readFileSync(statsFile, 'utf8')) as BundleStats;
const byFile = new Map(stats.chunks.map((c) => [c.fileName, c]));

/** A chunk and every chunk it imports statically, as the browser loads them before running it. */
function closure(start: ChunkStats[], seen = new Set<string>()): ChunkStats[] {
  const out: ChunkStats[] = [];
  const visit = (c: ChunkStats) => {
    if (seen.has(c.fileName)) return;
    seen.add(c.fileName);
    out.push(c);
    for (const f of c.imports) {
      const next = byFile.get(f);
      if (next) visit(next);
    }
  };
  for (const c of start) visit(c);
  return out;
}

const seen = new Set<string>();
const entry = closure(
  stats.chunks.filter((c) => c.isEntry),
  seen,
);
const routes = routeModules.map((m) => {
  const facade = stats.chunks.find((c) => c.isDynamicEntry && c.facadeModule === m);
  if (!facade) throw new Error(`No lazy chunk stands for ${m}.`);
  return { module: m, chunks: closure([facade], seen) };
});
const firstPage = [...entry, ...routes.flatMap((r) => r.chunks)];

const kb = (n: number) => `${(n / 1024).toFixed(1)}`;
const compressed = (file: string) => {
  const full = path.join(webDist, file);
  const data = readFileSync(full);
  const br = existsSync(`${full}.br`)
    ? statSync(`${full}.br`).size
    : brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  const gz = existsSync(`${full}.gz`) ? statSync(`${full}.gz`).size : gzipSync(data, { level: 9 }).length;
  return { raw: data.length, br, gz };
};

function chunkTable(title: string, chunks: ChunkStats[]) {
  console.log(`\n## ${title}: ${chunks.length} chunks`);
  console.log(`${'min KB'.padStart(8)} ${'br KB'.padStart(7)} ${'gz KB'.padStart(7)}  chunk`);
  let raw = 0;
  let br = 0;
  let gz = 0;
  for (const c of [...chunks].sort((a, b) => b.size - a.size)) {
    const s = compressed(c.fileName);
    raw += s.raw;
    br += s.br;
    gz += s.gz;
    console.log(`${kb(s.raw).padStart(8)} ${kb(s.br).padStart(7)} ${kb(s.gz).padStart(7)}  ${c.fileName}`);
  }
  console.log(`${kb(raw).padStart(8)} ${kb(br).padStart(7)} ${kb(gz).padStart(7)}  total`);
}

/** node_modules/@scope/name/... -> @scope/name; our own files keep their folder (src/web/order). */
function packageOf(id: string): string {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id);
  if (m) return m[1]!;
  return path.dirname(id);
}

/** Each module's share of its chunk's minified size. */
function modulesOf(chunks: ChunkStats[]) {
  return chunks.flatMap((c) => {
    const rendered = c.modules.reduce((n, m) => n + m.rendered, 0) || 1;
    return c.modules.map((m) => ({ id: m.id, chunk: c.fileName, size: (m.rendered / rendered) * c.size }));
  });
}

function topTable(title: string, rows: { name: string; size: number }[], total: number) {
  console.log(`\n## ${title}`);
  for (const r of rows.slice(0, TOP)) {
    console.log(
      `${kb(r.size).padStart(8)} KB ${((r.size / total) * 100).toFixed(1).padStart(5)}%  ${r.name}`,
    );
  }
  if (rows.length > TOP) console.log(`${' '.repeat(18)}... and ${rows.length - TOP} more`);
}

function byPackage(mods: { id: string; size: number }[]) {
  const sums = new Map<string, number>();
  for (const m of mods) sums.set(packageOf(m.id), (sums.get(packageOf(m.id)) ?? 0) + m.size);
  return [...sums].map(([name, size]) => ({ name, size })).sort((a, b) => b.size - a.size);
}

chunkTable('What the entry loads (index and its static imports)', entry);
for (const r of routes) chunkTable(`What ${r.module} adds`, r.chunks);

const framework = stats.chunks.find((c) => c.name === 'framework');
if (framework) {
  const mods = modulesOf([framework]);
  topTable(
    `Framework chunk ${framework.fileName} (${kb(framework.size)} KB minified) by package`,
    byPackage(mods),
    framework.size,
  );
  topTable(
    'Framework chunk: largest modules',
    mods.sort((a, b) => b.size - a.size).map((m) => ({ name: m.id, size: m.size })),
    framework.size,
  );
}

const others = firstPage.filter((c) => c !== framework);
const otherSize = others.reduce((n, c) => n + c.size, 0);
const otherMods = modulesOf(others);
topTable(
  `The first page's other chunks (${kb(otherSize)} KB minified) by package or folder`,
  byPackage(otherMods),
  otherSize,
);
topTable(
  "The first page's other chunks: largest modules",
  otherMods.sort((a, b) => b.size - a.size).map((m) => ({ name: `${m.id}  [${m.chunk}]`, size: m.size })),
  otherSize,
);

// Stylesheets: what the first page links, and what per-component Mantine CSS would weigh.
const css = [...new Set(firstPage.flatMap((c) => c.css))];
console.log('\n## Stylesheets the first page loads');
for (const f of css) {
  const s = compressed(f);
  console.log(`${kb(s.raw).padStart(8)} KB min ${kb(s.br).padStart(6)} KB br  ${f}`);
}
const mantineStyles = path.join(APP_DIR, 'node_modules/@mantine/core/styles');
const components = new Set(
  modulesOf(firstPage)
    .map((m) => /@mantine\/core\/esm\/components\/([^/]+)\//.exec(m.id)?.[1])
    .filter((c): c is string => !!c && existsSync(path.join(mantineStyles, `${c}.css`))),
);
const base = ['baseline', 'default-css-variables', 'global'];
const pieces = [...base, ...components].map((c) => readFileSync(path.join(mantineStyles, `${c}.css`)));
const perComponent = Buffer.concat(pieces);
const whole = readFileSync(path.join(APP_DIR, 'node_modules/@mantine/core/styles.css'));
const brotli = (b: Buffer) =>
  brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
console.log(
  `\nMantine components in the first page's chunks (${components.size}): ${[...components].sort().join(', ')}`,
);
console.log(
  `@mantine/core CSS: whole styles.css ${kb(whole.length)} KB (${kb(brotli(whole))} KB br); ` +
    `${base.join(', ')} + those components' files ${kb(perComponent.length)} KB (${kb(brotli(perComponent))} KB br)`,
);
for (const pkg of ['notifications', 'dates', 'charts']) {
  const file = path.join(APP_DIR, `node_modules/@mantine/${pkg}/styles.css`);
  if (existsSync(file)) {
    const b = readFileSync(file);
    console.log(`@mantine/${pkg}/styles.css ${kb(b.length)} KB (${kb(brotli(b))} KB br)`);
  }
}
const assets = readdirSync(path.join(webDist, 'assets')).filter((f) => f.endsWith('.js')).length;
console.log(
  `\n(${assets} JavaScript files in dist/web/assets; ${stats.chunks.length} chunks in the build record)`,
);
