// Component tests in jsdom, with the settings every browser package shares. The shell's build
// defines __BUILT_AGAINST__ and __HOST_SHARED__ (webpack/shared.mjs); the tests see the same
// versions (__BUILT_AGAINST__ without the hash of the library's code).
const { execFileSync } = require('node:child_process');

const version = (dir) => require(`../${dir}/package.json`).version;
/** shared.mjs is an ES module; Node 20 cannot require() it, so a child process reads it. */
const hostShared = JSON.parse(
  execFileSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "import { hostShared } from 'web-build/shared'; process.stdout.write(JSON.stringify(hostShared));",
    ],
    { cwd: __dirname, encoding: 'utf8' },
  ),
);

module.exports = {
  ...require('../jest.web.cjs')(),
  globals: {
    __BUILT_AGAINST__: { 'shared-ui': version('shared-ui'), contract: version('contract') },
    __HOST_SHARED__: hostShared,
  },
};
