// Jest settings shared by the browser packages (shared-ui, shell, the remotes): jsdom, ts-jest
// to CommonJS (type checking is each package's `typecheck`), CSS as identity objects, and
// contract and shared-ui consumed from source, as webpack does.
module.exports = (extraModuleNameMapper = {}) => ({
  globalSetup: '<rootDir>/../jest.node-version.cjs',
  testEnvironment: 'jsdom',
  roots: ['<rootDir>/src'],
  setupFilesAfterEnv: ['<rootDir>/../jest.web.setup.ts'],
  // Spies (alerts, confirms, page reloads) end with their test.
  restoreMocks: true,
  moduleNameMapper: {
    '\\.css$': 'identity-obj-proxy',
    '^contract$': '<rootDir>/../contract/src/index.ts',
    '^shared-ui$': '<rootDir>/../shared-ui/src/index.ts',
    '^shared-ui/testing$': '<rootDir>/../shared-ui/src/testing/index.ts',
    ...extraModuleNameMapper,
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  transform: {
    '^.+\\.tsx?$': [
      'ts-jest',
      {
        diagnostics: false,
        tsconfig: {
          jsx: 'react-jsx',
          module: 'commonjs',
          esModuleInterop: true,
          isolatedModules: true,
        },
      },
    ],
  },
});
