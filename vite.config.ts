import { readFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { type DocumentNode, Kind, parse } from 'graphql';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { bundleStats } from './scripts/vite/bundle-stats.js';
import { firstPageLibraries } from './scripts/vite/first-page-libraries.js';
import { precompress } from './scripts/vite/precompress.js';

const DOCUMENT_CALL = /\bgraphql\(\s*`([\s\S]*?)`\s*\)/g;
const TRUSTED_DOCUMENTS = path.resolve(import.meta.dirname, 'src/web/gql/persisted-documents.json');

/**
 * Compiles each graphql(`...`) call to its document at build time, as GraphQL Codegen's babel/swc plugins
 * do: a chunk then holds only the documents it uses, instead of the client preset's map of every document.
 * An operation becomes codegen's listed document (with the fragments it spreads and __typename, as the
 * server runs it) and its id (`__meta__.hash`), which the browser sends instead of the text (trusted
 * documents, src/web/app/apollo.ts). Types still come from the generated src/web/gql.
 */
function graphqlDocuments(): Plugin {
  let listed = new Map<string, { hash: string; text: string }>();
  return {
    name: 'graphql-documents',
    enforce: 'pre',
    buildStart() {
      const documents = JSON.parse(readFileSync(TRUSTED_DOCUMENTS, 'utf8')) as Record<string, string>;
      listed = new Map(
        Object.entries(documents).map(([hash, text]) => [operationName(parse(text)) ?? hash, { hash, text }]),
      );
    },
    transform(code, id) {
      if (!/\/src\/web\/.*\.tsx?$/.test(id) || id.includes('/src/web/gql/') || !code.includes('graphql(`'))
        return null;
      const out = code.replace(DOCUMENT_CALL, (_whole, body: string) => {
        const name = operationName(parse(body));
        if (!name) return JSON.stringify(parse(body, { noLocation: true }));
        const found = listed.get(name);
        if (!found)
          throw new Error(`${id}: operation ${name} is not in ${TRUSTED_DOCUMENTS}; run npm run codegen.`);
        return JSON.stringify({ ...parse(found.text, { noLocation: true }), __meta__: { hash: found.hash } });
      });
      return { code: out, map: null };
    },
  };
}

function operationName(document: DocumentNode): string | undefined {
  const operation = document.definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION);
  return operation?.kind === Kind.OPERATION_DEFINITION ? operation.name?.value : undefined;
}

/** The framework every page needs: React, the router, Apollo and GraphQL. */
const FRAMEWORK =
  /node_modules\/(react|react-dom|scheduler|react-router|@apollo|graphql|optimism|@wry|zen-observable|zen-observable-ts|ts-invariant|tslib|rehackt)\//;

/**
 * The evaluator app's service worker, dist/web/evaluator-sw.js (src/web/evaluator-sw.ts, Workbox):
 * precaches the built scripts and styles (the app shell). The manifest is a server route (per brand) and
 * the evaluator layout registers the worker itself, so the plugin injects nothing into index.html.
 */
function evaluatorServiceWorker() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: '.',
    filename: 'evaluator-sw.ts',
    injectRegister: false,
    manifest: false,
    scope: '/evaluator',
    injectManifest: {
      rollupFormat: 'iife',
      globPatterns: ['assets/**/*.{js,css}'],
      // Source maps are not part of the shell; one large chunk (the charts) stays under 5 MB.
      globIgnores: ['**/*.map'],
      maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
    },
  });
}

/** The storefront's first page, /industry: the entry, the app it starts and the Get Started route. */
const FIRST_PAGE = firstPageLibraries({
  roots: ['src/web/main.tsx', 'src/web/app/start.tsx', 'src/web/order/get-started-page.tsx'].map((file) =>
    path.resolve(import.meta.dirname, file),
  ),
  framework: FRAMEWORK,
  name: 'first-page-libraries',
});

/**
 * React Router 7 lists only its development build in its package exports (its own Vite plugin swaps in
 * the production one); the two differ in the dev warnings, which check every route and navigation. A
 * build takes the production copy, the browser's and the server render's alike.
 */
export const REACT_ROUTER_PRODUCTION = path.resolve(
  import.meta.dirname,
  'node_modules/react-router/dist/production/index.mjs',
);

export default defineConfig(({ command, isSsrBuild }) => ({
  root: 'src/web',
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: REACT_ROUTER_PRODUCTION }] : [],
  },
  publicDir: 'public',
  // precompress: .br and .gz copies the server sends by content negotiation; bundleStats: what each
  // chunk holds, for scripts/bench/bundle-report.ts.
  plugins: [
    graphqlDocuments(),
    react(),
    bundleStats(),
    precompress(),
    ...(isSsrBuild ? [] : [FIRST_PAGE.plugin, evaluatorServiceWorker()]),
  ],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    // Maps are written for error reports and debugging, but the assets do not point at them: a
    // sourceMappingURL comment in each of the first page's 45 scripts costs about 1.5 KB gzipped.
    sourcemap: 'hidden',
    // dist/web/.vite/manifest.json: which chunks each module needs, for the server's modulepreload links.
    manifest: !isSsrBuild,
    copyPublicDir: !isSsrBuild,
    chunkSizeWarningLimit: 1500,
    // No preload lists: Vite would write every lazy route's list of chunks into the entry chunk, which
    // grows with each admin, evaluator and report screen and is paid for on the storefront's first page.
    // A lazy page's chunks then load as its imports are read (the framework chunk is already loaded).
    modulePreload: false,
    // (The server render's build keeps the bundler's own split: its packages come from node_modules.)
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [
                // The framework every page needs goes in one chunk: one request, and it compresses better than
                // the many small shared chunks the splitter would otherwise make.
                { name: 'framework', test: FRAMEWORK, priority: 2 },
                // The first page's other libraries in one chunk, only those (scripts/vite/first-page-libraries.ts);
                // the rest of Mantine stays split by use.
                { ...FIRST_PAGE.group, priority: 1 },
              ],
            },
          },
        },
  },
  // The server render of the first pages (src/web/ssr.tsx, built into dist/ssr by `npm run build`):
  // packages load from node_modules at run time, except Apollo Client 3, whose deep imports
  // (@apollo/client/react/ssr) Node's ES module loader cannot resolve; it is bundled instead. So is React
  // Router, for its production build (REACT_ROUTER_PRODUCTION): Node's resolution would pick the other.
  ssr: { noExternal: [/^@apollo\/client/, /^react-router$/] },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/s3': 'http://localhost:3000' },
  },
}));
