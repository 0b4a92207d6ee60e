// The repository's root folder, for the release commands (deploy, version:libraries) that build
// remotes, read their sources and check the libraries there.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The nearest folder above the module at `moduleUrl` whose package.json declares the workspaces:
 * the same answer from the sources (api/src/releases), the build (api/dist/releases) and a copy
 * of the build elsewhere in the repository (the test runs' api/.test-builds/<run>/src/releases),
 * where a fixed number of folders up would not be.
 */
export function repositoryRoot(moduleUrl: string): string {
  const start = path.dirname(fileURLToPath(moduleUrl));
  for (let dir = start; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && 'workspaces' in JSON.parse(readFileSync(manifest, 'utf8'))) {
      return dir;
    }
    if (path.dirname(dir) === dir) {
      throw new Error(`no package.json declaring workspaces above ${start}`);
    }
  }
}
