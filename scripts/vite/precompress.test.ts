import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { precompressDir, removeCompressedCopies } from './precompress.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'precompress-'));
  await mkdir(path.join(dir, 'assets'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const exists = (file: string) => existsSync(path.join(dir, file));

describe('precompressing the build', () => {
  it('writes brotli and gzip copies of text files that decode to the file, in every folder', async () => {
    const js = 'export const greeting = "hello";\n'.repeat(200);
    await writeFile(path.join(dir, 'assets/app-1a2b.js'), js);
    await writeFile(path.join(dir, 'page.html'), `<p>${'text '.repeat(400)}</p>`);
    const result = await precompressDir(dir);
    expect(result.files).toBe(2);
    const br = await readFile(path.join(dir, 'assets/app-1a2b.js.br'));
    const gz = await readFile(path.join(dir, 'assets/app-1a2b.js.gz'));
    expect(brotliDecompressSync(br).toString()).toBe(js);
    expect(gunzipSync(gz).toString()).toBe(js);
    expect(br.length).toBeLessThan(gz.length);
    expect(exists('page.html.br')).toBe(true);
  });

  it('leaves out small files, images, source maps and copies that would not be smaller', async () => {
    await writeFile(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await writeFile(path.join(dir, 'logo.png'), randomBytes(4096));
    await writeFile(path.join(dir, 'assets/app-1a2b.js.map'), '{"mappings":""}'.repeat(200));
    // Random bytes do not compress: both copies would be larger than the file.
    await writeFile(path.join(dir, 'assets/noise-1a2b.js'), randomBytes(4096));
    const result = await precompressDir(dir);
    for (const file of ['favicon.svg', 'logo.png', 'assets/app-1a2b.js.map', 'assets/noise-1a2b.js']) {
      expect(exists(`${file}.br`), file).toBe(false);
      expect(exists(`${file}.gz`), file).toBe(false);
    }
    expect(result).toMatchObject({ files: 1, br: 0, gz: 0 });
  });

  it('removes every copy for a watch rebuild, keeping the files', async () => {
    await writeFile(path.join(dir, 'assets/app-1a2b.js'), 'let a = 1;\n'.repeat(500));
    await precompressDir(dir);
    await removeCompressedCopies(dir);
    expect(exists('assets/app-1a2b.js.br')).toBe(false);
    expect(exists('assets/app-1a2b.js.gz')).toBe(false);
    expect(exists('assets/app-1a2b.js')).toBe(true);
  });
});
