/**
 * The floors of frontend/src, as rules (`npm run lint`, run from frontend/ so the web app's tsconfig resolves).
 *
 * From the bottom: the API's types (api/types.ts, generated from the OpenAPI document) know nothing; the session
 * (session/: the token and user in localStorage, the login's words and landing rule) knows only those types; the API
 * client (api/) reads the session; components/, the pages and the two shells (App.tsx, account/) sit on top. Only
 * App.tsx opens a page.
 */

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'no import cycles (a lazy import() and a type-only import count too: a shared type lives in the lower file)',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'session-below-the-api-client',
      comment: 'the session knows the API only by its generated types; the client (api/) reads the session, never the reverse',
      severity: 'error',
      from: { path: '^src/session/' },
      to: { path: '^src/api/', pathNot: ['^src/api/types[.]ts$', '^src/api/schema[.]d[.]ts$'] },
    },
    {
      name: 'api-types-know-nothing',
      comment: 'the API types come from the OpenAPI document and import nothing of the app',
      severity: 'error',
      from: { path: ['^src/api/types[.]ts$', '^src/api/schema[.]d[.]ts$'] },
      to: { path: '^src/', pathNot: ['^src/api/types[.]ts$', '^src/api/schema[.]d[.]ts$'] },
    },
    {
      name: 'pages-from-the-top-only',
      comment: 'only the app (App.tsx) opens a page; what two screens share lives in components/, session/ or api/',
      severity: 'error',
      from: { path: '^src/', pathNot: ['^src/App[.]tsx$', '^src/pages/'] },
      to: { path: '^src/pages/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['[.]test[.]tsx?$', '^src/test/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    moduleSystems: ['es6'],
  },
};
