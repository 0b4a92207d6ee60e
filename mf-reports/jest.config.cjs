// Component tests in jsdom, with the settings every browser package shares. Chart.js draws on a
// canvas, which jsdom lacks: react-chartjs-2 and chart.js are replaced at their module boundary
// by stubs that render the data they were given.
module.exports = require('../jest.web.cjs')({
  '^react-chartjs-2$': '<rootDir>/src/testing/react-chartjs-2.tsx',
  '^chart\\.js$': '<rootDir>/src/testing/chart-js.ts',
});
