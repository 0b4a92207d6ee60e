// Jest settings shared by the browser packages (shared-ui, shell, the remotes): jsdom, swc to
// CommonJS (type checking is each package's `typecheck`; jest runs no ES modules, see
// jest.web.esm-packages.cjs), CSS as identity objects, and contract and shared-ui consumed from
// source, as webpack does: shared-ui's own tests load them module by module; the shell's and the
// remotes' from one bundle built for each jest run (jest.web.libraries.cjs), unless
// `librariesFromSource`.
const { esmPackageMapper } = require('./jest.web.esm-packages.cjs');

module.exports = (extraModuleNameMapper = {}, { librariesFromSource = false } = {}) => ({
  // The global set-up also builds the CommonJS copy of React Router (jest.web.esm-packages.cjs).
  globalSetup: '<rootDir>/../jest.web.global-setup.cjs',
  ...(librariesFromSource
    ? {}
    : {
        globalTeardown: '<rootDir>/../jest.web.global-teardown.cjs',
        resolver: '<rootDir>/../jest.web.resolver.cjs',
      }),
  testEnvironment: 'jsdom',
  roots: ['<rootDir>/src'],
  setupFilesAfterEnv: ['<rootDir>/../jest.web.setup.ts'],
  // Spies (alerts, confirms, page reloads) end with their test.
  restoreMocks: true,
  // A screen driven key by key takes a second or two on a quiet machine; CI runs these beside
  // the API suites on two cores, where the same test can take several times as long. A test
  // that waits for something that never comes still fails, later.
  testTimeout: 60_000,
  moduleNameMapper: {
    '\\.css$': 'identity-obj-proxy',
    '^contract$': '<rootDir>/../contract/src/index.ts',
    '^contract/browser$': '<rootDir>/../contract/src/browser.ts',
    '^shared-ui$': '<rootDir>/../shared-ui/src/index.ts',
    '^shared-ui/testing$': '<rootDir>/../shared-ui/src/testing/index.ts',
    ...esmPackageMapper(),
    ...extraModuleNameMapper,
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  transform: {
    '^.+\\.tsx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          target: 'es2022',
          transform: { react: { runtime: 'automatic' } },
        },
        module: { type: 'commonjs' },
      },
    ],
  },
});
