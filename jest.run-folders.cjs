// The folders a jest run builds for itself (the api's server build, the component tests' library
// bundle) are named by the run's process id. A new run removes those of runs that have ended, so
// that a run killed before its teardown leaves nothing behind for long.

/** True while the process `pid` exists (EPERM: it exists, under another user). */
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** Removes every folder in `dir` that is not named for a process still running. */
function removeEndedRuns(dir) {
  const { existsSync, readdirSync, rmSync } = require('node:fs');
  const path = require('node:path');
  for (const name of existsSync(dir) ? readdirSync(dir) : []) {
    if (!/^\d+$/.test(name) || !alive(Number(name)))
      rmSync(path.join(dir, name), { recursive: true, force: true });
  }
}

module.exports = { removeEndedRuns };
