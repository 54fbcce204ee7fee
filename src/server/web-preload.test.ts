import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  APP_MODULE,
  type BuildManifest,
  FIRST_PAGE_MODULES,
  modulePreloads,
  pageStylesheets,
} from './web-preload.js';
import { renderShell } from './web-shell.js';

// A build manifest shaped as Vite writes it: the entry, shared chunks (keys starting with _), and the
// lazily loaded route modules, which import the entry back.
const MANIFEST: BuildManifest = {
  'index.html': {
    file: 'assets/index-A1.js',
    isEntry: true,
    imports: ['_framework-F1.js', '_Text-T1.js'],
    css: ['assets/index-A1.css'],
  },
  '_framework-F1.js': { file: 'assets/framework-F1.js' },
  '_Text-T1.js': { file: 'assets/Text-T1.js', imports: ['_framework-F1.js'], css: ['assets/Text-T1.css'] },
  '_view-V1.js': {
    file: 'assets/get-started-view-V1.js',
    imports: ['_Grid-G1.js', 'index.html'],
    css: ['assets/get-started-view-V1.css'],
  },
  '_Grid-G1.js': { file: 'assets/Grid-G1.js' },
  'order/get-started-page.tsx': {
    file: 'assets/get-started-page-P1.js',
    imports: ['index.html', '_Text-T1.js', '_view-V1.js'],
  },
  'account/login-page.tsx': { file: 'assets/login-page-L1.js', imports: ['index.html', '_Text-T1.js'] },
  'admin/orders-page.tsx': { file: 'assets/orders-page-O1.js', imports: ['index.html'] },
  'app/start.tsx': {
    file: 'assets/start-S1.js',
    imports: ['index.html', '_framework-F1.js', '_layout-Y1.js'],
    css: ['assets/start-S1.css'],
  },
  '_layout-Y1.js': { file: 'assets/layout-Y1.js', imports: ['_Text-T1.js'] },
};

describe('the scripts a first page preloads', () => {
  it("lists the entry's imports and the route's chunks with everything they import, once each", () => {
    expect(modulePreloads(MANIFEST, '/industry')).toEqual([
      '/assets/framework-F1.js',
      '/assets/Text-T1.js',
      '/assets/start-S1.js',
      '/assets/layout-Y1.js',
      '/assets/get-started-page-P1.js',
      '/assets/get-started-view-V1.js',
      '/assets/Grid-G1.js',
    ]);
    expect(modulePreloads(MANIFEST, '/login/')).toEqual([
      '/assets/framework-F1.js',
      '/assets/Text-T1.js',
      '/assets/start-S1.js',
      '/assets/layout-Y1.js',
      '/assets/login-page-L1.js',
    ]);
  });

  it("lists the app's chunks only for other pages, and nothing without a build manifest", () => {
    const app = [
      '/assets/framework-F1.js',
      '/assets/Text-T1.js',
      '/assets/start-S1.js',
      '/assets/layout-Y1.js',
    ];
    expect(modulePreloads(MANIFEST, '/admin/orders')).toEqual(app);
    expect(modulePreloads(MANIFEST, '/made-up/path')).toEqual(app);
    expect(modulePreloads(null, '/industry')).toEqual([]);
  });

  it('names the module the entry starts the app with', async () => {
    const main = await readFile(new URL('../web/main.tsx', import.meta.url), 'utf8');
    expect(main).toContain(`import('./${APP_MODULE.replace(/\.tsx$/, '')}')`);
  });

  it("names modules that the web app really loads lazily: routes, and the dashboard's reports", async () => {
    // Each file that loads modules on demand, with its folder relative to src/web.
    const lazyLoaders = [
      ['app/router.tsx', 'app'],
      ['reports/dashboard-reports.tsx', 'reports'],
    ] as const;
    const lazy = new Set<string>();
    for (const [file, folder] of lazyLoaders) {
      const text = await readFile(new URL(`../web/${file}`, import.meta.url), 'utf8');
      for (const [, specifier] of text.matchAll(/import\('(\.{1,2}\/[^']+)'\)/g))
        lazy.add(path.posix.join(folder, specifier!));
    }
    for (const modules of Object.values(FIRST_PAGE_MODULES))
      for (const module of modules) expect(lazy).toContain(module.replace(/\.tsx$/, ''));
  });

  it('goes into the page as modulepreload links', () => {
    const html = renderShell(
      '<head><!--app-head--></head>',
      { name: 'Sunny', primaryColor: '#ffeb3b', faviconUrl: null } as never,
      { preloads: modulePreloads(MANIFEST, '/login') },
    );
    expect(html.match(/<link rel="modulepreload" crossorigin href="[^"]+">/g)).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/framework-F1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/Text-T1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/start-S1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/layout-Y1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/login-page-L1.js">',
    ]);
  });

  it("names the stylesheets of a page's route chunks that index.html does not link already", () => {
    // The entry's and its imports' (Text) are in index.html; the view's comes with the route.
    expect(pageStylesheets(MANIFEST, '/industry')).toEqual([
      '/assets/start-S1.css',
      '/assets/get-started-view-V1.css',
    ]);
    expect(pageStylesheets(MANIFEST, '/login')).toEqual(['/assets/start-S1.css']);
    const html = renderShell(
      '<html><head><!--app-head--><link rel="stylesheet" href="/assets/index-A1.css"></head><body><div id="root"></div></body></html>',
      { name: 'Sunny', primaryColor: '#ffeb3b', faviconUrl: null } as never,
      {
        stylesheets: pageStylesheets(MANIFEST, '/industry'),
        preloads: ['/assets/start-S1.js'],
        body: '<main>Get $& Started</main>',
      },
    );
    // A rendered page's scripts are not announced in its head (they would compete with its first paint)
    // but listed for the entry, which announces them once the page is painted.
    expect(html).not.toContain('rel="modulepreload"');
    const bootstrap = JSON.parse(/id="bootstrap-data">(.*?)<\/script>/.exec(html)![1]!);
    expect(bootstrap.preload).toEqual(['/assets/start-S1.js']);
  });
});
