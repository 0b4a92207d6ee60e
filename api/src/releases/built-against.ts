// What a remote's build was made against, and what it meets where it is deployed: the contract of
// the running API and the shared-ui the shell provides. A remote built against another contract
// reads answers under names the server no longer gives (its figures come out wrong, with no
// error); one that imports a shared-ui name the shell's copy lacks breaks in the running shell.
// `npm run deploy` refuses both unless forced (gates.ts); the shell's load check compares the same.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** The libraries a remote records it was built against (webpack/shared.mjs `builtAgainst`). */
export type Library = 'contract' | 'shared-ui';

/** What a build records in its manifest (metaData.buildInfo). */
export interface BuiltAgainst {
  /** `<version>+<hash of its sources>`, e.g. `1.0.0+3f9a0c5e21b7`. */
  contract?: string;
  'shared-ui'?: string;
  /** The names the remote imports from shared-ui (`*`: all of it). */
  sharedUiImports?: string[];
}

/** Tests and their snapshots are not part of what a build is made from. */
const NOT_BUILT = /(\.test\.[cm]?[jt]sx?|\.snap)$/;

/**
 * A workspace library's version as a build sees it: its package.json version with, as semver
 * build metadata, a hash of its package.json and every file under `src/` but tests, e.g.
 * `1.0.0+3f9a0c5e21b7`. The same as `libraryVersion` of webpack/shared.mjs, which the remotes'
 * and the shell's builds record (a test holds the two equal).
 */
export function libraryVersion(dir: string): string {
  const hash = createHash('sha256');
  const add = (file: string) => {
    hash.update(path.relative(dir, file).split(path.sep).join('/'));
    hash.update('\0');
    hash.update(readFileSync(file));
    hash.update('\0');
  };
  add(path.join(dir, 'package.json'));
  readdirSync(path.join(dir, 'src'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !NOT_BUILT.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort()
    .forEach(add);
  const { version } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
    version: string;
  };
  return `${version}+${hash.digest('hex').slice(0, 12)}`;
}

let ownContract: string | undefined;

/**
 * The contract this process runs: the version of the contract package it loaded (its sources
 * beside the dist/ it imports), worked out once.
 */
export function runningContract(): string {
  if (!ownContract) {
    const entry = createRequire(import.meta.url).resolve('contract');
    ownContract = libraryVersion(path.resolve(path.dirname(entry), '..'));
  }
  return ownContract;
}

/** Where each server process notes the contract it runs, for `npm run deploy` to compare. */
export const API_CONTRACT_FILE = '.api-contract.json';

/** Notes the running contract in the web root (replaced in one rename). */
export function recordApiContract(webRoot: string, contract = runningContract()): void {
  const file = path.join(webRoot, API_CONTRACT_FILE);
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(
    temporary,
    `${JSON.stringify({ contract, at: new Date().toISOString(), pid: process.pid })}\n`,
  );
  renameSync(temporary, file);
}

/** The contract the API serving this web root last noted, if any. */
export function readApiContract(webRoot: string): string | undefined {
  try {
    const { contract } = JSON.parse(
      readFileSync(path.join(webRoot, API_CONTRACT_FILE), 'utf8'),
    ) as { contract?: unknown };
    return typeof contract === 'string' ? contract : undefined;
  } catch {
    return undefined;
  }
}

/** The names the shell's build exports of shared-ui (written by webpack/shared-ui-exports.mjs). */
export interface ShellSharedUi {
  version: string;
  exports: string[];
}

export const SHELL_SHARED_UI_FILE = path.join('shell', 'dist', 'shared-ui-exports.json');

/** What the served shell provides of shared-ui, or undefined for a shell built before it said. */
export function readShellSharedUi(webRoot: string): ShellSharedUi | undefined {
  const file = path.join(webRoot, SHELL_SHARED_UI_FILE);
  if (!existsSync(file)) return undefined;
  try {
    const record = JSON.parse(readFileSync(file, 'utf8')) as {
      'shared-ui'?: unknown;
      exports?: unknown;
    };
    if (typeof record['shared-ui'] !== 'string' || !Array.isArray(record.exports)) {
      return undefined;
    }
    return {
      version: record['shared-ui'],
      exports: record.exports.filter((name): name is string => typeof name === 'string'),
    };
  } catch {
    return undefined;
  }
}

/** What a build's manifest records it was built against; empty for a build that records none. */
export function readBuiltAgainst(buildDir: string): BuiltAgainst {
  try {
    const manifest = JSON.parse(readFileSync(path.join(buildDir, 'mf-manifest.json'), 'utf8')) as {
      metaData?: {
        buildInfo?: { builtAgainst?: Record<string, unknown>; sharedUiImports?: unknown };
      };
    };
    const info = manifest.metaData?.buildInfo;
    const recorded = info?.builtAgainst ?? {};
    const built: BuiltAgainst = {};
    for (const library of ['contract', 'shared-ui'] as const) {
      const value = recorded[library];
      if (typeof value === 'string') built[library] = value;
    }
    if (Array.isArray(info?.sharedUiImports)) {
      built.sharedUiImports = info.sharedUiImports.filter(
        (name): name is string => typeof name === 'string',
      );
    }
    return built;
  } catch {
    return {};
  }
}

/** What a remote's build meets where it is deployed. */
export interface Target {
  /** The running API's contract. */
  apiContract?: string;
  /** The served shell's shared-ui. */
  shellSharedUi?: ShellSharedUi;
}

const SEMVER = /^(\d+)\.(\d+)\.(\d+)/;

/**
 * Whether a library of version `provided` serves a build made against version `built`: the same
 * major version and at least its minor and patch (semver's caret range, `^built`). The build
 * metadata (`+<hash of its sources>`) is not compared: a library's version changes with its
 * exported API (library-versions.ts), and the deploy refuses a library whose exports are not
 * those its version records. The shell's load check is the same (shell/src/federation/compatibility.ts).
 */
export function compatibleVersion(built: string, provided: string): boolean {
  const [b, p] = [SEMVER.exec(built), SEMVER.exec(provided)];
  if (!b || !p) return built === provided;
  const [bMajor, bMinor, bPatch] = b.slice(1).map(Number) as [number, number, number];
  const [pMajor, pMinor, pPatch] = p.slice(1).map(Number) as [number, number, number];
  if (bMajor !== pMajor) return false;
  return pMinor > bMinor || (pMinor === bMinor && pPatch >= bPatch);
}

/** `^1.2.0` for `1.2.0+3f9a0c5e21b7`: the range a build accepts. */
const range = (built: string) => `^${built.replace(/\+.*$/, '')}`;

/**
 * Why the remote `name` built against `built` cannot run against `target`: one sentence per
 * library, naming it and both versions. Empty when nothing is in the way (or nothing is known).
 */
export function compatibilityProblems(name: string, built: BuiltAgainst, target: Target): string[] {
  const problems: string[] = [];
  if (
    built.contract &&
    target.apiContract &&
    !compatibleVersion(built.contract, target.apiContract)
  ) {
    problems.push(
      `mf-${name} was built against contract ${built.contract} (needs ${range(built.contract)}), the running API has contract ${target.apiContract}: ` +
        "its calls and answers may differ from the server's. Deploy the API with this contract first, or build the remote from the API's.",
    );
  }
  const shell = target.shellSharedUi;
  const sharedUi = built['shared-ui'];
  if (shell && sharedUi && !compatibleVersion(sharedUi, shell.version)) {
    problems.push(
      `mf-${name} was built against shared-ui ${sharedUi} (needs ${range(sharedUi)}), the shell's shared-ui is ${shell.version}. ` +
        'Deploy the shell with this shared-ui first.',
    );
  } else if (shell && built.sharedUiImports && !shell.exports.includes('*')) {
    const missing = built.sharedUiImports.filter(
      (imported) => imported !== '*' && !shell.exports.includes(imported),
    );
    if (missing.length) {
      problems.push(
        `mf-${name} was built against shared-ui ${sharedUi ?? 'unknown'} and imports what the shell's shared-ui ${shell.version} does not export: ${missing.join(', ')}. ` +
          'Deploy the shell with this shared-ui first.',
      );
    }
  }
  return problems;
}
