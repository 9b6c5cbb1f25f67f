/** Two tiers: fast unit tests beside the code, and API tests that boot the real app on a real database. */
const transform = { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/test/tsconfig.json' }] };
const rootDir = require('node:path').resolve(__dirname, '..');
const common = { rootDir, testEnvironment: 'node', transform, moduleFileExtensions: ['ts', 'js', 'json'] };

module.exports = {
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/src/**/*.spec.ts'] },
    { ...common, displayName: 'api', testMatch: ['<rootDir>/test/api/**/*.e2e-spec.ts'], slowTestThreshold: 30 },
  ],
  rootDir,
  maxWorkers: 2,
};
