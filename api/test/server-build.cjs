// The server as `npm run build -w api` lays it out (scripts/compile-sources.mjs: each TypeScript
// file compiled by esbuild on its own, the migrations beside), made once per jest run by the global
// set-up for the tests that start the server as a process (server-process.ts). Through tsx, each
// such process resolved and compiled its sources again as it loaded them: about 0.8 s of the
// 2.6 s of processor time a server took to start. The worker threads of the app a file loads
// from the sources start from their files in it too (API_SOURCES_BUILD, src/exports/worker.ts),
// not through tsx. The build goes to .test-builds/<pid>/ (two
// jest runs side by side each have their own), beside a copy of the api's package.json, so that
// the paths the server finds from its own files (../../package.json, db/migrations) are found as
// in dist/; the global teardown removes it, and a run that left one behind has it removed by
// the next.
const { readdirSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const { removeEndedRuns } = require('../../jest.run-folders.cjs');
const { pathToFileURL } = require('node:url');

const apiDir = path.resolve(__dirname, '..');
const buildsDir = path.join(apiDir, '.test-builds');
/** The variable that names the built server.js, read by server-process.ts. */
const SERVER_BUILD = 'API_TEST_SERVER_BUILD';
/**
 * The variable that names the build's src/ for the app the files load from the sources: its
 * worker threads start from their built twins there (src/exports/worker.ts).
 */
const SOURCES_BUILD = 'API_SOURCES_BUILD';

/** This jest run's folder of builds. */
const testBuildDir = () => path.join(buildsDir, String(process.pid));

/** Builds the server for this jest run and names it in the environment the workers inherit. */
async function buildServer() {
  removeEndedRuns(buildsDir);
  const dir = testBuildDir();
  // The build `npm run build -w api` makes (scripts/compile-sources.mjs), without source maps.
  const { compileSources } = await import(
    pathToFileURL(path.join(apiDir, 'scripts', 'compile-sources.mjs')).href
  );
  await compileSources(path.join(dir, 'src'));
  // The commands (scripts/*.ts: backup, restore, seed-demo) beside it, which the tests run as
  // processes (scriptArgs in server-process.ts); their imports of ../src/ find the build's.
  await require('esbuild').build({
    entryPoints: readdirSync(path.join(apiDir, 'scripts'))
      .filter((file) => file.endsWith('.ts'))
      .map((file) => path.join(apiDir, 'scripts', file)),
    outdir: path.join(dir, 'scripts'),
    platform: 'node',
    format: 'esm',
    target: 'node24',
    tsconfig: path.join(apiDir, 'tsconfig.build.json'),
    logLevel: 'warning',
  });
  // Its version (backup files record it) and module type; no name, which jest would take for a
  // second package called api.
  const { version, type } = JSON.parse(readFileSync(path.join(apiDir, 'package.json'), 'utf8'));
  writeFileSync(
    path.join(dir, 'package.json'),
    `${JSON.stringify({ private: true, version, type }, null, 2)}\n`,
  );
  process.env[SERVER_BUILD] = path.join(dir, 'src', 'server.js');
  process.env[SOURCES_BUILD] = path.join(dir, 'src');
}

/** Removes this jest run's build. */
function removeServerBuild() {
  rmSync(testBuildDir(), { recursive: true, force: true });
}

module.exports = { buildServer, removeServerBuild, testBuildDir };
