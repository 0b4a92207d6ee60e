// Component tests in jsdom, with the settings every browser package shares; shared-ui's tests
// load its sources and the contract's module by module, not the bundle the apps' tests load.
module.exports = require('../jest.web.cjs')({}, { librariesFromSource: true });
