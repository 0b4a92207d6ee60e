// npm run version:libraries             raise contract's and shared-ui's versions by what their
//                                       exported API changed since the version each records
//                                       (api-surface.json): a removed or changed export is a
//                                       major, an added one a minor; writes package.json (theirs
//                                       and their dependents'), package-lock.json, CHANGELOG.md
// npm run version:libraries -- --check  exit 1, naming the exports, when a library's exports are
//                                       not those its version records
//
// The libraries' declarations are built first (tsc -b, nothing when they are up to date).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { libraryDirs, libraryVersionProblem, versionLibrary } from './library-versions.js';
import { repositoryRoot } from './repository.js';

const repoRoot = repositoryRoot(import.meta.url);
const { values } = parseArgs({ options: { check: { type: 'boolean' } } });

const dirs = Object.values(libraryDirs(repoRoot));
// TypeScript 5.9's compiler, named by its path: the recorded exports are of the declarations it
// writes (the type check runs TypeScript 7, `typescript-native`, which orders some members
// otherwise), and both packages offer a `tsc` command.
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const built = spawnSync(
  process.execPath,
  [tsc, '-b', ...dirs.map((dir) => path.join(dir, 'tsconfig.build.json'))],
  { cwd: repoRoot, stdio: 'inherit' },
);
if (built.status !== 0) {
  console.error('the libraries do not build; see above');
  process.exit(1);
}

if (values.check) {
  const problems = dirs.map((dir) => libraryVersionProblem(repoRoot, dir)).filter(Boolean);
  for (const problem of problems) console.error(problem);
  if (!problems.length) console.log('contract and shared-ui export what their versions record');
  process.exitCode = problems.length ? 1 : 0;
} else {
  for (const dir of dirs) {
    const outcome = versionLibrary(repoRoot, dir);
    const { added, removed, changed } = outcome.changes;
    if (outcome.recordedFirst) {
      console.log(
        `${outcome.name} ${outcome.to}: its exported API is recorded (${dir}/api-surface.json)`,
      );
    } else if (!outcome.bump) {
      console.log(`${outcome.name} ${outcome.to}: exports unchanged`);
    } else {
      console.log(
        `${outcome.name} ${outcome.from} -> ${outcome.to} (${outcome.bump}: ${removed.length} removed, ${changed.length} changed, ${added.length} added; see ${dir}/CHANGELOG.md)`,
      );
    }
  }
}
