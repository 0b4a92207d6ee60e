// Component tests in jsdom, with the settings every browser package shares. The shell's build
// defines __BUILT_AGAINST__ (webpack/shared.mjs); the tests see the same versions.
const version = (dir) => require(`../${dir}/package.json`).version;

module.exports = {
  ...require('../jest.web.cjs')(),
  globals: {
    __BUILT_AGAINST__: { 'shared-ui': version('shared-ui'), contract: version('contract') },
  },
};
