// The module resolver of the shell's and the remotes' component tests: jest's own, but the
// sources of the bundled libraries' entry points resolve to this run's bundle
// (jest.web.libraries.cjs), whether a test names the package or a path to them.
const { bundledEntry, LIBRARIES_ENV } = require('./jest.web.libraries.cjs');

module.exports = function resolve(request, options) {
  const resolved = options.defaultResolver(request, options);
  const dir = process.env[LIBRARIES_ENV];
  return (dir && bundledEntry(dir, resolved)) || resolved;
};
