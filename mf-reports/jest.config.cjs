// Component tests run in jsdom through ts-jest (CommonJS output; type checking is `typecheck`).
// shared-ui and contract are consumed from source, as webpack does. Chart.js draws on a canvas,
// which jsdom lacks: react-chartjs-2 is replaced at its module boundary by a stub that renders
// the data it was given.
module.exports = {
  testEnvironment: 'jsdom',
  roots: ['<rootDir>/src'],
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
  moduleNameMapper: {
    '\\.css$': 'identity-obj-proxy',
    '^contract$': '<rootDir>/../contract/src/index.ts',
    '^shared-ui$': '<rootDir>/../shared-ui/src/index.ts',
    '^react-chartjs-2$': '<rootDir>/src/testing/react-chartjs-2.tsx',
    '^chart\\.js$': '<rootDir>/src/testing/chart-js.ts',
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
};
