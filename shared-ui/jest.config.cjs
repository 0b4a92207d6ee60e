// Component tests in jsdom, with the settings every browser package shares.
module.exports = require('../jest.web.cjs')();
