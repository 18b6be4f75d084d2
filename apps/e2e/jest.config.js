// Browser end-to-end tests (`npm run e2e`): one platform for the whole run (global setup), one
// Debian chromium driven by playwright-core, files run one after the other.
const swc = [
  '@swc/jest',
  {
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'es6' },
    sourceMaps: 'inline',
  },
];

export default {
  rootDir: '../..',
  displayName: 'e2e',
  testEnvironment: 'node',
  roots: ['<rootDir>/apps/e2e'],
  testMatch: ['**/*.e2e-spec.ts'],
  transform: { '^.+\\.ts$': swc },
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  globalSetup: '<rootDir>/apps/e2e/global-setup.mjs',
  globalTeardown: '<rootDir>/apps/e2e/global-teardown.mjs',
  testTimeout: 120_000,
  maxWorkers: 1,
};
