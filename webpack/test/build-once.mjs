// One production webpack build for a test, from this folder, with the apps' target and neither
// maps nor size hints: the settings the tests differ in are passed. Resolves with the stats once
// the compiler is closed; a build with errors rejects with them.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TARGET } from '../create-config.mjs';

const require = createRequire(import.meta.url);
// Through require: an ES import of webpack's CommonJS entry touches its deprecated exports.
const webpack = require('webpack');
const here = path.dirname(fileURLToPath(import.meta.url));

export async function buildOnce(config) {
  const compiler = webpack({
    mode: 'production',
    target: TARGET,
    context: here,
    devtool: false,
    performance: { hints: false },
    ...config,
  });
  const stats = await new Promise((done, fail) =>
    compiler.run((error, result) => (error ? fail(error) : done(result))),
  );
  await new Promise((done) => compiler.close(done));
  if (stats.hasErrors()) throw new Error(stats.toString('errors-only'));
  return stats;
}
