// Jest settings shared by the Node-side packages (contract, api): TypeScript through swc as
// native ES modules (PGlite and Kysely are ESM and need --experimental-vm-modules anyway). swc
// only strips the types (type checking is `npm run typecheck`); ts-jest loaded the TypeScript
// compiler into every jest worker, and the API suite starts a worker for nearly every file.
module.exports = {
  globalSetup: '<rootDir>/../jest.node-version.cjs',
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: {
    '^contract$': '<rootDir>/../contract/src/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript' },
          target: 'es2022',
          // `import list from './remotes.json' with { type: 'json' }` keeps its attribute.
          experimental: { keepImportAttributes: true },
        },
      },
    ],
  },
  testMatch: ['<rootDir>/test/**/*.test.ts'],
};
