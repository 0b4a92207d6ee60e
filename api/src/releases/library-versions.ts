// Real versions for the workspace libraries every app is built against (contract, shared-ui):
// `npm run version:libraries` compares a library's exported API (library-surface.ts) with the one
// its version records (api-surface.json) and raises the version by semver: a removed or changed
// export is a major, an added one a minor. It writes the new version into the library's
// package.json, the packages that depend on it and package-lock.json, and a CHANGELOG.md entry
// naming each export. `--check` (the deploy and the test suite) refuses a library whose exports
// are not the ones its version records, so two builds of one version export the same API.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  bumpFor,
  compareSurfaces,
  librarySurface,
  raise,
  readRecordedSurface,
  SURFACE_FILE,
  type Bump,
  type SurfaceChanges,
} from './library-surface.js';

/** The libraries versioned by their exports. */
export const LIBRARIES = ['contract', 'shared-ui'] as const;

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;
const writeJson = (file: string, value: unknown) =>
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);

interface PackageJson {
  name: string;
  version: string;
  workspaces?: string[];
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

const list = (names: string[]) => names.map((name) => `\`${name}\``).join(', ');

/** The CHANGELOG.md entry of one version. */
export function changelogEntry(version: string, changes: SurfaceChanges, date: string): string {
  const sections: [string, string[]][] = [
    ['Removed (breaking)', changes.removed],
    ['Changed (breaking)', changes.changed],
    ['Added', changes.added],
  ];
  const body = sections
    .filter(([, names]) => names.length)
    .map(([title, names]) => `### ${title}\n\n${names.map((name) => `- \`${name}\``).join('\n')}`)
    .join('\n\n');
  return `## ${version} (${date})\n\n${body}\n`;
}

const CHANGELOG_HEAD = (name: string) =>
  `# Changelog of ${name}\n\nEach version's changes to the exported API (\`npm run version:libraries\`): a removed or\nchanged export raises the major version, an added one the minor.\n`;

function addToChangelog(dir: string, name: string, entry: string): void {
  const file = path.join(dir, 'CHANGELOG.md');
  const existing = existsSync(file) ? readFileSync(file, 'utf8') : CHANGELOG_HEAD(name);
  const at = existing.indexOf('\n## ');
  const next =
    at === -1
      ? `${existing.trimEnd()}\n\n${entry}`
      : `${existing.slice(0, at + 1)}${entry}\n${existing.slice(at + 1)}`;
  writeFileSync(file, next);
}

/** Every workspace folder of the repository (package.json `workspaces`, plain folder names). */
const workspaceDirs = (repoRoot: string) =>
  (readJson<PackageJson>(path.join(repoRoot, 'package.json')).workspaces ?? []).filter((dir) =>
    existsSync(path.join(repoRoot, dir, 'package.json')),
  );

/**
 * Writes `version` as the library's version where the repository names it: its package.json,
 * the dependency of every workspace package on it, and the same places in package-lock.json
 * (the library's entry and each dependent's), so that npm keeps linking the workspace.
 */
function writeVersion(repoRoot: string, libraryDir: string, name: string, version: string): void {
  const ownFile = path.join(repoRoot, libraryDir, 'package.json');
  writeJson(ownFile, { ...readJson<PackageJson>(ownFile), version });
  const setDependency = (entry: PackageJson | undefined) => {
    for (const field of ['dependencies', 'devDependencies'] as const) {
      const deps = entry?.[field];
      if (deps?.[name] !== undefined) deps[name] = version;
    }
  };
  for (const dir of workspaceDirs(repoRoot)) {
    const file = path.join(repoRoot, dir, 'package.json');
    const pkg = readJson<PackageJson>(file);
    const before = JSON.stringify(pkg);
    setDependency(pkg);
    if (JSON.stringify(pkg) !== before) writeJson(file, pkg);
  }
  const lockFile = path.join(repoRoot, 'package-lock.json');
  if (!existsSync(lockFile)) return;
  const lock = readJson<{ packages?: Record<string, PackageJson> }>(lockFile);
  const packages = lock.packages ?? {};
  if (packages[libraryDir]) packages[libraryDir].version = version;
  for (const dir of workspaceDirs(repoRoot)) setDependency(packages[dir]);
  writeJson(lockFile, lock);
}

export interface LibraryVersion {
  name: string;
  from: string;
  to: string;
  bump: Bump;
  changes: SurfaceChanges;
  /** No surface was recorded: the current one is recorded for the current version. */
  recordedFirst?: boolean;
}

/**
 * Raises the version of the library in `<repoRoot>/<dir>` by what its exports changed since the
 * recorded surface (built declarations in its dist/ are read: build it first), and records the
 * new surface. A library with no recorded surface has its current one recorded, unraised.
 */
export function versionLibrary(
  repoRoot: string,
  dir: string,
  date = new Date().toISOString().slice(0, 10),
): LibraryVersion {
  const libraryDir = path.join(repoRoot, dir);
  const pkg = readJson<PackageJson>(path.join(libraryDir, 'package.json'));
  const surface = librarySurface(libraryDir);
  const recorded = readRecordedSurface(libraryDir);
  const changes = compareSurfaces(recorded?.exports ?? surface, surface);
  const bump = recorded ? bumpFor(changes) : undefined;
  const to = raise(pkg.version, bump);
  if (bump) {
    writeVersion(repoRoot, dir, pkg.name, to);
    addToChangelog(libraryDir, pkg.name, changelogEntry(to, changes, date));
  }
  writeJson(path.join(libraryDir, SURFACE_FILE), { version: to, exports: surface });
  return {
    name: pkg.name,
    from: pkg.version,
    to,
    bump,
    changes,
    ...(recorded ? {} : { recordedFirst: true }),
  };
}

/**
 * Why the library's version does not describe its exports, or undefined when it does: its
 * exports differ from the recorded ones, or the recorded version is not its version. Reads its
 * built declarations.
 */
export function libraryVersionProblem(repoRoot: string, dir: string): string | undefined {
  const libraryDir = path.join(repoRoot, dir);
  const { name, version } = readJson<PackageJson>(path.join(libraryDir, 'package.json'));
  const recorded = readRecordedSurface(libraryDir);
  const fix = 'run npm run version:libraries and commit what it writes';
  if (!recorded) return `${name} ${version} records no exported API (${SURFACE_FILE}): ${fix}`;
  if (recorded.version !== version) {
    return `${name}'s package.json says ${version}, its recorded API is of ${recorded.version}: ${fix}`;
  }
  const surface = librarySurface(libraryDir);
  const changes = compareSurfaces(recorded.exports, surface);
  const bump = bumpFor(changes);
  if (!bump) return undefined;
  const said = [
    changes.removed.length ? `removed ${list(changes.removed)}` : '',
    changes.changed.length ? `changed ${list(changes.changed)}` : '',
    changes.added.length ? `added ${list(changes.added)}` : '',
  ].filter(Boolean);
  return `${name}'s exports are not those of its version ${version} (${said.join('; ')}; a ${bump} version): ${fix}`;
}

/** The workspace folder of each library, by package name. */
export function libraryDirs(repoRoot: string): Record<string, string> {
  const dirs: Record<string, string> = {};
  for (const dir of readdirSync(repoRoot)) {
    const file = path.join(repoRoot, dir, 'package.json');
    if (!existsSync(file)) continue;
    const { name } = readJson<PackageJson>(file);
    if ((LIBRARIES as readonly string[]).includes(name)) dirs[name] = dir;
  }
  return dirs;
}
