// One Jest run for the whole monorepo, in native ESM (Nest 12 ships ESM only; see docs/adr/001).
// Run through `npm test`, which sets --experimental-vm-modules.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false, react: { runtime: 'automatic' } },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'es6' },
    sourceMaps: 'inline',
  },
];

const shared = {
  transform: { '^.+\\.tsx?$': swc },
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  moduleNameMapper: {
    '^@atrium/app-([a-z-]+)$': '<rootDir>/apps/$1/src/index.ts',
    // apps/single composes the services through package.json "imports" (their built dist/ at run time)
    '^#atrium/app-([a-z-]+)$': '<rootDir>/apps/$1/src/index.ts',
    '^@atrium/([a-z-]+)$': '<rootDir>/libs/$1/src/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};

export default {
  // Integration suites boot services against real servers: generous on a loaded 2-core machine.
  // A global option: Jest ignores testTimeout inside a project (hooks then had 5 s).
  testTimeout: 60_000,
  // Two suites at a time (CI has 2 cores; test files are isolated: own database, NATS prefix,
  // Redis prefix, free ports), each in a worker that is replaced once it holds more than this after
  // a file: what one suite leaks never adds up over the whole run (it once ran out of heap).
  maxWorkers: 2,
  workerIdleMemoryLimit: '3GB',
  projects: [
    {
      ...shared,
      displayName: 'backend',
      testEnvironment: 'node',
      roots: ['<rootDir>/apps', '<rootDir>/libs'],
      testMatch: ['**/*.spec.ts', '**/*.int-spec.ts'],
      testPathIgnorePatterns: [...shared.testPathIgnorePatterns, '<rootDir>/apps/web/', '<rootDir>/apps/e2e/'],
    },
    {
      // Component tests of the web app: jsdom, no server (apps/web/test holds the environment and helpers).
      ...shared,
      displayName: 'web',
      testEnvironment: '<rootDir>/apps/web/test/jsdom-environment.js',
      roots: ['<rootDir>/apps/web'],
      testMatch: ['**/*.spec.tsx', '**/*.spec.ts'],
      setupFilesAfterEnv: ['<rootDir>/apps/web/test/setup.ts'],
      // The same swc transform, keeping `with { type: 'json' }` on the locale imports.
      transform: { '^.+\\.tsx?$': [swc[0], { ...swc[1], jsc: { ...swc[1].jsc, experimental: { keepImportAttributes: true } } }] },
      moduleNameMapper: {
        '^@atrium/contracts/(.*)\\.js$': '<rootDir>/libs/contracts/src/$1',
        '\\.css$': '<rootDir>/apps/web/test/style-stub.js',
        '\\.(svg|png|jpe?g|gif|webp|ico|mp3|wav|ogg)$': '<rootDir>/apps/web/test/file-stub.js',
        // Under Jest 'antd' is its CommonJS build; a lazily imported component (antd/es/tooltip)
        // must come from the same build, or it reads contexts the rest of the page never set.
        '^antd/es/(.*)$': 'antd/lib/$1',
        ...shared.moduleNameMapper,
      },
    },
  ],
};
