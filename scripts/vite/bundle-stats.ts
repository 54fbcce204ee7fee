import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';

/** One chunk of the build, as `scripts/bench/bundle-report.ts` reads it. */
export type ChunkStats = {
  fileName: string;
  name: string;
  isEntry: boolean;
  isDynamicEntry: boolean;
  /** The source module a dynamic entry stands for (repo-relative), e.g. src/web/order/get-started-page.tsx. */
  facadeModule: string | null;
  /** Minified size in bytes. */
  size: number;
  imports: string[];
  dynamicImports: string[];
  css: string[];
  /** Each module's share: its rendered length (before minification), largest first. */
  modules: { id: string; rendered: number }[];
};

export type BundleStats = {
  root: string;
  chunks: ChunkStats[];
  assets: { fileName: string; size: number }[];
};

/** Module ids relative to the repository, with Vite's virtual-module prefix and query left out. */
const relative = (repo: string, id: string) =>
  path.relative(repo, id.replace(/^\0/, '').replace(/\?.*$/, ''));

/**
 * Vite plugin: writes what each chunk holds (modules and their sizes, imports, CSS) to
 * dist/bundle-stats.json, outside the served folder, for `npx tsx scripts/bench/bundle-report.ts`.
 */
export function bundleStats(): Plugin {
  let file = '';
  let repo = '';
  let stats: BundleStats | null = null;
  return {
    name: 'bundle-stats',
    // The browser build only (not the server render's build, see vite.config.ts).
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      const outDir = path.resolve(config.root, config.build.outDir);
      repo = process.cwd();
      file = path.join(path.dirname(outDir), 'bundle-stats.json');
    },
    generateBundle(_options, bundle) {
      const chunks: ChunkStats[] = [];
      const assets: BundleStats['assets'] = [];
      for (const item of Object.values(bundle)) {
        if (item.type === 'asset') {
          assets.push({ fileName: item.fileName, size: Buffer.byteLength(item.source) });
          continue;
        }
        chunks.push({
          fileName: item.fileName,
          name: item.name,
          isEntry: item.isEntry,
          isDynamicEntry: item.isDynamicEntry,
          facadeModule: item.facadeModuleId ? relative(repo, item.facadeModuleId) : null,
          size: Buffer.byteLength(item.code),
          imports: item.imports,
          dynamicImports: item.dynamicImports,
          css: [...(item.viteMetadata?.importedCss ?? [])],
          modules: Object.entries(item.modules)
            .map(([id, m]) => ({ id: relative(repo, id), rendered: m.renderedLength }))
            .filter((m) => m.rendered > 0)
            .sort((a, b) => b.rendered - a.rendered),
        });
      }
      stats = { root: repo, chunks, assets };
    },
    async writeBundle() {
      if (stats) await writeFile(file, JSON.stringify(stats));
    },
  };
}
