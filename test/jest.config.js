/**
 * Four tiers: unit tests beside the code; medium tests of services on a real database without HTTP; API tests on a
 * real database over HTTP; browser tests in Chromium.
 */
const transform = {
  '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/test/tsconfig.json' }],
  // @fastify/static loads content-disposition 3, which ships only as an ES module: Node 20.19 requires it natively,
  // Jest's module loader does not, so Jest compiles that one package to CommonJS.
  // otplib 13 loads @scure/base 2 and @noble/hashes 2, ES modules only, likewise.
  '/(content-disposition/dist|@scure/base|@noble/hashes)/.+\\.js$': ['ts-jest', { tsconfig: { allowJs: true, module: 'commonjs', isolatedModules: true } }],
};
const transformIgnorePatterns = ['^(?!.*/(content-disposition/dist|@scure/base|@noble/hashes)/).*/node_modules/'];
const rootDir = require('node:path').resolve(__dirname, '..');
const common = { rootDir, testEnvironment: 'node', transform, transformIgnorePatterns, moduleFileExtensions: ['ts', 'js', 'json'] };

module.exports = {
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/support/**/*.spec.ts', '<rootDir>/test/deployment/**/*.spec.ts'] },
    { ...common, displayName: 'medium', testMatch: ['<rootDir>/test/medium/**/*.medium-spec.ts'], slowTestThreshold: 30 },
    { ...common, displayName: 'api', testMatch: ['<rootDir>/test/api/**/*.e2e-spec.ts'], slowTestThreshold: 30 },
    // One test per ASVS item claimed in docs/security.md, over HTTP against the real app like the API tests.
    { ...common, displayName: 'security', testMatch: ['<rootDir>/test/security/**/*.security-spec.ts'], slowTestThreshold: 30 },
    // Needs the built web app (npm run build) and Chromium; run by npm run test:browser.
    { ...common, displayName: 'browser', testMatch: ['<rootDir>/test/browser/**/*.browser-spec.ts'] },
    // The app as a child process on a private MariaDB that the tests freeze, kill and restart; run by npm run test:outage.
    { ...common, displayName: 'outage', testMatch: ['<rootDir>/test/outage/**/*.outage-spec.ts'], slowTestThreshold: 60 },
  ],
  rootDir,
  maxWorkers: 2,
  // A test app on MariaDB runs every migration first: on a shared, busy machine that can pass Jest's default 5 s.
  // A global option: Jest reads no testTimeout from a project's settings.
  testTimeout: 30_000,
};
