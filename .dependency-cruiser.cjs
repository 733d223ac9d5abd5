/**
 * The import boundaries of the code (README, map of the code). `npm run lint:boundaries` fails CI on any of them.
 * A server module is entered only through its front door, `server/modules/<name>/index.ts`.
 */
module.exports = {
  forbidden: [
    {
      name: 'module-front-door',
      comment: 'A server module imports another module only through its index.ts (its front door).',
      severity: 'error',
      from: { path: '^server/modules/([^/]+)/' },
      to: { path: '^server/modules/([^/]+)/', pathNot: ['^server/modules/$1/', '^server/modules/[^/]+/index\\.ts$'] },
    },
    {
      name: 'outside-through-front-door',
      comment: 'Code outside server/modules (areas, core, db, app) reaches a module only through its index.ts.',
      severity: 'error',
      from: { path: '^server/', pathNot: '^server/modules/' },
      to: { path: '^server/modules/[^/]+/', pathNot: '^server/modules/[^/]+/index\\.ts$' },
    },
    {
      name: 'core-is-below-modules',
      comment: 'server/core holds the conventions every module uses; it imports no module.',
      severity: 'error',
      from: { path: '^server/core/' },
      to: { path: '^server/(modules|areas)/' },
    },
    {
      name: 'domain-is-pure',
      comment: 'domain/ holds pure rules shared by both sides: no server, no browser, no I/O.',
      severity: 'error',
      from: { path: '^domain/' },
      to: { path: ['^server/', '^src/', '^i18n/'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'domain-no-io',
      severity: 'error',
      from: { path: '^domain/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'domain-no-io-packages',
      severity: 'error',
      from: { path: '^domain/' },
      to: {
        path: 'node_modules/(pg|@electric-sql|drizzle-orm|fastify|@fastify|ioredis|react|react-dom|react-admin|@mui|exceljs|pino)/',
      },
    },
    { name: 'browser-not-server', severity: 'error', from: { path: '^src/' }, to: { path: '^server/' } },
    { name: 'server-not-browser', severity: 'error', from: { path: '^server/' }, to: { path: '^src/' } },
    {
      name: 'browser-loads-its-language',
      comment:
        "The browser's first chunk holds no catalogue: a language's texts come through src/providers/messages, which " +
        'the i18n provider imports when the language is shown (the notification templates page previews all three).',
      severity: 'error',
      from: {
        path: '^src/',
        pathNot: ['^src/providers/messages/', '^src/resources/notificationTemplates/samples\\.ts$'],
      },
      to: { path: ['^i18n/index\\.ts$', '^i18n/(en|ka|ru)/', '^i18n/ra-'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'languages-load-when-shown',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/providers/messages/' },
      to: { path: '^src/providers/messages/', dependencyTypesNot: ['dynamic-import'] },
    },
    {
      name: 'no-circular-modules',
      severity: 'error',
      from: { path: '^server/modules/' },
      to: { circular: true, path: '^server/modules/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '(^|/)(dist|data|node_modules)/' },
  },
};
