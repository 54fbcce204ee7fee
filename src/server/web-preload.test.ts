import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { type BuildManifest, FIRST_PAGE_MODULES, modulePreloads } from './web-preload.js';
import { renderShell } from './web-shell.js';

// A build manifest shaped as Vite writes it: the entry, shared chunks (keys starting with _), and the
// lazily loaded route modules, which import the entry back.
const MANIFEST: BuildManifest = {
  'index.html': { file: 'assets/index-A1.js', isEntry: true, imports: ['_framework-F1.js', '_Text-T1.js'] },
  '_framework-F1.js': { file: 'assets/framework-F1.js' },
  '_Text-T1.js': { file: 'assets/Text-T1.js', imports: ['_framework-F1.js'] },
  '_view-V1.js': { file: 'assets/get-started-view-V1.js', imports: ['_Grid-G1.js', 'index.html'] },
  '_Grid-G1.js': { file: 'assets/Grid-G1.js' },
  'order/get-started-page.tsx': {
    file: 'assets/get-started-page-P1.js',
    imports: ['index.html', '_Text-T1.js', '_view-V1.js'],
  },
  'account/login-page.tsx': { file: 'assets/login-page-L1.js', imports: ['index.html', '_Text-T1.js'] },
  'admin/orders-page.tsx': { file: 'assets/orders-page-O1.js', imports: ['index.html'] },
};

describe('the scripts a first page preloads', () => {
  it("lists the entry's imports and the route's chunks with everything they import, once each", () => {
    expect(modulePreloads(MANIFEST, '/industry')).toEqual([
      '/assets/framework-F1.js',
      '/assets/Text-T1.js',
      '/assets/get-started-page-P1.js',
      '/assets/get-started-view-V1.js',
      '/assets/Grid-G1.js',
    ]);
    expect(modulePreloads(MANIFEST, '/login/')).toEqual([
      '/assets/framework-F1.js',
      '/assets/Text-T1.js',
      '/assets/login-page-L1.js',
    ]);
  });

  it('lists nothing for other pages, or without a build manifest', () => {
    expect(modulePreloads(MANIFEST, '/admin/orders')).toEqual([]);
    expect(modulePreloads(null, '/industry')).toEqual([]);
  });

  it('names route modules that the web app really loads lazily', async () => {
    const router = await readFile(new URL('../web/app/router.tsx', import.meta.url), 'utf8');
    for (const modules of Object.values(FIRST_PAGE_MODULES)) {
      for (const module of modules) expect(router).toContain(`import('../${module.replace(/\.tsx$/, '')}')`);
    }
  });

  it('goes into the page as modulepreload links', () => {
    const html = renderShell(
      '<head><!--app-head--></head>',
      { name: 'Sunny', primaryColor: '#ffeb3b', faviconUrl: null } as never,
      {},
      modulePreloads(MANIFEST, '/login'),
    );
    expect(html.match(/<link rel="modulepreload" crossorigin href="[^"]+">/g)).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/framework-F1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/Text-T1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/login-page-L1.js">',
    ]);
  });
});
