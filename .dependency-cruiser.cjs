// The server's layers (docs/architecture.md), checked by `npm run lint` (issue 44). Imports point down:
//   platform -> features -> interfaces -> composition
// A layer may import its own layer's modules and any layer below it, and src/domain and src/evaluation
// (pure, no I/O); never one above. Tests and test support (src/server/test) are outside the layers.
// The layer rules judge runtime imports: an `import type` is erased by the compiler (a platform module
// may name a feature's type, as context.ts names ApiKeyCaller); cycles count them too.
// No circular imports anywhere in src/.

/** Folders and files of src/server, by layer. */
const PLATFORM = [
  'config\\.ts',
  'context\\.ts',
  'errors\\.ts',
  'file-references\\.ts',
  'rate-limit\\.ts',
  'rest-input-boundary\\.ts',
  'auth/',
  // The database, but not the demo data and test factories, which build rows through the features.
  'db/(?!seed|factories)',
  'logging/',
  'adapters/',
  'jobs/',
  'events/',
  'audit/',
  'email/',
];
const INTERFACES = [
  'graphql/',
  'openapi/',
  'evaluator-app/',
  'web-render\\.ts',
  'web-shell\\.ts',
  'web-preload\\.ts',
  'static-files\\.ts',
  'storage-routes\\.ts',
  'security-headers\\.ts',
];
const COMPOSITION = ['app\\.ts', 'main\\.ts', 'wiring/', 'db/(seed|factories)'];

const under = (list) => `^src/server/(${list.join('|')})`;
const platform = under(PLATFORM);
const interfaces = under(INTERFACES);
const composition = under(COMPOSITION);
/**
 * Every folder of src/server that is none of the above is a feature (one folder each), and so is
 * request-identity.ts (who is calling: a session, an API key; it reads accounts and api-keys).
 */
const feature = `^src/server/((?!(${[...PLATFORM, ...INTERFACES, ...COMPOSITION, 'test/'].join('|')}))[^/]+/|request-identity\\.ts)`;
const notTest = '\\.test\\.tsx?$|^src/server/test/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle ties its modules into one: no circular imports anywhere in src/.',
      from: { path: '^src/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'platform-points-down',
      severity: 'error',
      comment:
        'The platform (config, db, logging, errors, adapters, the job queue, the event log) imports no feature, interface or composition module.',
      from: { path: platform, pathNot: notTest },
      to: { path: [feature, interfaces, composition], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'features-point-down',
      severity: 'error',
      comment:
        'A feature imports the platform and src/domain, never graphql or another interface, nor the composition root.',
      from: { path: feature, pathNot: notTest },
      to: { path: [interfaces, composition], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'interfaces-point-down',
      severity: 'error',
      comment: 'Interfaces (graphql, REST routes, the web render) never import the composition root.',
      from: { path: interfaces, pathNot: notTest },
      to: { path: composition, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'domain-is-pure',
      severity: 'error',
      comment: 'src/domain and src/evaluation are pure rules: they import nothing of the server or the web.',
      from: { path: '^src/(domain|evaluation)/' },
      to: { path: '^src/(server|web)/' },
    },
    {
      name: 'web-not-server',
      severity: 'error',
      comment: 'The browser app does not import server modules.',
      from: { path: '^src/web/' },
      to: { path: '^src/server/', dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^src/web/gql/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
