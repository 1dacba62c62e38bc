/**
 * The architecture, checked by `npm run lint` (dependency-cruiser reads the imports of the code).
 * Server, from the top (docs/architecture-graph.md draws it): entry points (lambdas/http, tasks,
 * events, and the migrations' entries) and their wiring (lambdas/platform/wiring) call the
 * capabilities (lambdas/<capability>/), whose repository code (`repos/`) alone builds table keys
 * and calls DynamoDB; the wiring calls capabilities, never their repositories, and only for what
 * every route or migration needs (a route's own check is handed in by its handler); the shared core
 * (lambdas/core) is below every capability; the platform's basics and AWS clients
 * (lambdas/platform, platform/aws) know nothing of the product; the contract (lambdas/contract) is
 * shared with the browser and imports nothing of the server. Web: a feature imports no other
 * feature and not the app's shell; the browser imports only the server's contract and manifest.
 * No import cycles anywhere. test/architecture/rules.test.ts shows each rule failing on a fixture.
 */
const CAPABILITIES = '(directory|photos|book|groups|accounts|privacy|jobs|migrations|transfer|audit|map|studies)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'An import cycle: two modules that cannot be understood, tested or moved apart.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'handlers-call-the-domain',
      comment:
        'A handler parses, authorises, calls a capability and answers: it never reads or writes the table itself.',
      severity: 'error',
      from: { path: '^lambdas/(http|tasks|events)/' },
      to: { path: '/repos/' },
    },
    {
      name: 'migrations-rewrite-their-own-data',
      comment:
        "A migration's entry runs its own data rewrite (lambdas/migrations/repos), no other capability's repository.",
      severity: 'error',
      from: { path: '^lambdas/migrations/[^/]+[.]ts$' },
      to: { path: '/repos/', pathNot: '^lambdas/migrations/repos/' },
    },
    {
      name: 'keys-and-table-in-repositories',
      comment: 'Only repository code (a `repos/` folder) builds table keys or calls DynamoDB.',
      severity: 'error',
      from: { path: '^lambdas/', pathNot: ['/repos/', '^lambdas/platform/aws/'] },
      to: {
        path: [
          '^lambdas/core/repos/keys[.]ts$',
          '^lambdas/platform/aws/ddb[.]ts$',
          '@aws-sdk/(client-dynamodb|lib-dynamodb)',
        ],
      },
    },
    {
      name: 'wiring-calls-no-repository',
      comment: 'The route and task wiring (lambdas/platform/wiring) admits and answers through the capabilities.',
      severity: 'error',
      from: { path: '^lambdas/platform/' },
      to: { path: '/repos/' },
    },
    {
      name: 'wiring-gets-capabilities-handed-in',
      comment:
        "The wiring reaches a capability only for what every route needs (principal.ts: accounts/admission.ts, accounts/operator.ts) and for the migrations' church loop; a route's own check (its `admit`, such as the super-admin's second step) is handed in by its handler.",
      severity: 'error',
      from: { path: '^lambdas/platform/wiring/' },
      to: {
        path: `^lambdas/${CAPABILITIES}/`,
        pathNot: ['/repos/', '^lambdas/accounts/(admission|operator)[.]ts$', '^lambdas/migrations/run/'],
      },
    },
    {
      name: 'platform-knows-no-product',
      comment: "The platform's basics (env, logs, metrics) and the AWS SDK clients import nothing of the product.",
      severity: 'error',
      from: { path: '^lambdas/platform/(?!wiring/)' },
      to: { path: '^lambdas/', pathNot: '^lambdas/platform/(?!wiring/)' },
    },
    {
      name: 'capabilities-below-the-wiring',
      comment: 'Capabilities are called by the entry points and the wiring, never the other way round.',
      severity: 'error',
      // A migration's entry (lambdas/migrations/<name>.ts) is an entry point, wired as the others are.
      from: { path: `^lambdas/(core|${CAPABILITIES.slice(1)}/`, pathNot: '^lambdas/migrations/[^/]+[.]ts$' },
      to: { path: '^lambdas/(http|tasks|events|platform/wiring)/' },
    },
    {
      name: 'core-below-the-capabilities',
      comment: 'The shared core (errors, entities, the table) serves every capability and knows none of them.',
      severity: 'error',
      from: { path: '^lambdas/core/' },
      to: { path: `^lambdas/${CAPABILITIES}/` },
    },
    {
      name: 'contract-is-shared-with-the-browser',
      comment: 'The contract runs in the browser too: plain rules and types, nothing of the server, no AWS.',
      severity: 'error',
      from: { path: '^lambdas/contract/' },
      to: { path: ['^lambdas/(?!contract/)', '@aws-sdk/', '@middy/', '^node:'] },
    },
    {
      name: 'browser-reads-only-the-contract',
      comment: 'The SPA shares the contract and the route manifest with the server, nothing else of it.',
      severity: 'error',
      from: { path: '^web/' },
      to: { path: '^lambdas/', pathNot: ['^lambdas/contract/', '^lambdas/routes[.]ts$'] },
    },
    {
      name: 'features-import-no-feature',
      comment: 'What two features share lives in web/src/lib/, components/ or api/.',
      severity: 'error',
      from: { path: '^web/src/features/([^/]+)/' },
      to: { path: '^web/src/features/', pathNot: '^web/src/features/$1/' },
    },
    {
      name: 'features-below-the-app',
      comment:
        "The app's shell (router, layout, providers) holds the features; a feature takes what it shares from lib/.",
      severity: 'error',
      from: { path: '^web/src/features/' },
      to: { path: '^web/src/app/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|cdk[.]out|web/dist|[.]local)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
    reporterOptions: {
      dot: { collapsePattern: '^(node_modules/[^/]+|lambdas/[^/]+|web/src/[^/]+|lib/[^/]+|bin|test/[^/]+)/' },
    },
  },
};
