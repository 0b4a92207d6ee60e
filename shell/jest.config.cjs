// Component tests in jsdom, with the settings every browser package shares. The shell's build
// defines __BUILT_AGAINST__ and __HOST_SHARED__ (webpack/shared.mjs); the tests see the same
// versions (__BUILT_AGAINST__ without the hash of the library's code).
// Node 24 loads the ES module shared.mjs with require().
const { hostShared } = require('web-build/shared');

const version = (dir) => require(`../${dir}/package.json`).version;

module.exports = {
  ...require('../jest.web.cjs')(),
  globals: {
    __BUILT_AGAINST__: { 'shared-ui': version('shared-ui'), contract: version('contract') },
    __HOST_SHARED__: hostShared,
  },
};
