// The API files' module resolver: jest's own, but for the ES module imports of the packages
// bundled for this jest run (module-bundles.cjs), which resolve to their bundle.
const { readFileSync } = require('node:fs');
const path = require('node:path');
const { MANIFEST, MODULE_BUNDLES } = require('./module-bundles.cjs');

/** Each bundled import's file, read once per worker; undefined without bundles. */
let bundles;

module.exports = function resolve(request, options) {
  const dir = process.env[MODULE_BUNDLES];
  if (dir && options.conditions?.includes('import')) {
    bundles ??= new Map(Object.entries(JSON.parse(readFileSync(path.join(dir, MANIFEST), 'utf8'))));
    const file = bundles.get(request);
    if (file) return path.join(dir, file);
  }
  return options.defaultResolver(request, options);
};
