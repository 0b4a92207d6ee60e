// Global setup of every jest run: the tests (and the servers and scripts they start with
// process.execPath) must run on the Node the root package.json declares in `engines`, which npm
// scripts get from the `node` devDependency (node_modules/.bin/node first on PATH). A run started
// with the machine's own older node fails here at once, saying how to start it instead.
const { engines } = require('./package.json');

const required = Number(/\d+/.exec(engines.node)[0]);

function checkNodeVersion() {
  const major = Number(process.versions.node.split('.')[0]);
  if (major < required) {
    throw new Error(
      `These tests run on Node ${required} or newer (engines: "${engines.node}"); this is ` +
        `Node ${process.versions.node} at ${process.execPath}. Start them through npm, which ` +
        `puts the project's Node first on PATH: \`npm test -w <package> -- <file>\`.`,
    );
  }
}

module.exports = checkNodeVersion;
module.exports.required = required;
