// Jest settings shared by the Node-side packages (contract, api): TypeScript through ts-jest as
// native ES modules (PGlite and Kysely are ESM and need --experimental-vm-modules anyway).
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
      'ts-jest',
      { useESM: true, tsconfig: '<rootDir>/tsconfig.json', diagnostics: false },
    ],
  },
  testMatch: ['<rootDir>/test/**/*.test.ts'],
};
