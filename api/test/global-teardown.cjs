// Global teardown of the API files: the server build of this jest run (server-build.cjs) goes.
const { removeServerBuild } = require('./server-build.cjs');

module.exports = async function globalTeardown() {
  removeServerBuild();
};
