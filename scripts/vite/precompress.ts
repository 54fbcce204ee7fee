import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';
import { PRECOMPRESS_MIN_BYTES, shouldPrecompress } from '../../src/server/static-files.js';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type PrecompressResult = { files: number; raw: number; br: number; gz: number };

/**
 * Writes `file.br` (brotli, quality 11) and `file.gz` (gzip -9) beside every text file in `dir` worth
 * compressing, so the server sends the smallest copy the browser accepts without compressing at request
 * time. A copy that would not be smaller is not written.
 */
export async function precompressDir(dir: string): Promise<PrecompressResult> {
  const files = (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((d) => d.isFile() && shouldPrecompress(d.name))
    .map((d) => path.join(d.parentPath, d.name));
  const result: PrecompressResult = { files: 0, raw: 0, br: 0, gz: 0 };
  await Promise.all(
    files.map(async (file) => {
      const data = await readFile(file);
      if (data.length < PRECOMPRESS_MIN_BYTES) return;
      const [br, gz] = await Promise.all([
        brotli(data, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        }),
        gzipAsync(data, { level: 9 }),
      ]);
      result.files++;
      result.raw += data.length;
      if (br.length < data.length) {
        await writeFile(`${file}.br`, br);
        result.br += br.length;
      }
      if (gz.length < data.length) {
        await writeFile(`${file}.gz`, gz);
        result.gz += gz.length;
      }
    }),
  );
  return result;
}

/** Removes the compressed copies, so that no stale one is served in place of a rebuilt file. */
export async function removeCompressedCopies(dir: string): Promise<void> {
  const copies = (await readdir(dir, { recursive: true, withFileTypes: true })).filter(
    (d) => d.isFile() && /\.(?:br|gz)$/.test(d.name),
  );
  await Promise.all(copies.map((d) => rm(path.join(d.parentPath, d.name), { force: true })));
}

/**
 * Vite plugin: precompresses the output folder once the build has written it (public files included).
 * In watch mode (`npm run dev:web`) it removes the copies instead: rebuilding them on every change would
 * be slow, and the server compresses on the fly whatever has no copy.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    // The browser build only (not the server render's build, see vite.config.ts).
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      if (this.meta.watchMode) {
        await removeCompressedCopies(outDir);
        return;
      }
      const t0 = performance.now();
      const r = await precompressDir(outDir);
      const kb = (n: number) => `${(n / 1024).toFixed(0)} kB`;
      this.info(
        `precompressed ${r.files} files (${kb(r.raw)}): brotli ${kb(r.br)}, gzip ${kb(r.gz)} in ${Math.round(performance.now() - t0)} ms`,
      );
    },
  };
}
