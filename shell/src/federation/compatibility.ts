// Whether a remote's build fits this shell: what its manifest records it was built against
// (metaData.buildInfo, written by webpack/create-config.mjs) against what the shell runs. The
// deploy refuses the same (api/src/releases/gates.ts); this catches what reaches a browser anyway (a
// forced deploy, a remote hosted elsewhere, a shell deployed after the remote).
import type { RemoteName } from '../routes/route-table';
import { RemoteIncompatibleError } from './errors';

interface BuildInfo {
  builtAgainst?: Record<string, unknown>;
  sharedUiImports?: unknown;
}

const SEMVER = /^(\d+)\.(\d+)\.(\d+)/;

/**
 * Whether the shell's copy of a library (`provided`) serves a remote built against `built`: the
 * same major version and at least its minor and patch (semver's caret range, `^built`); the build
 * metadata (`+<hash of its sources>`) is not compared. A library's version changes with its
 * exported API (`npm run version:libraries`): a removed or changed export is a major, an added
 * one a minor. The deploy's check is the same (api/src/releases/built-against.ts).
 */
export function compatibleVersion(built: string, provided: string): boolean {
  const [b, p] = [SEMVER.exec(built), SEMVER.exec(provided)];
  if (!b || !p) return built === provided;
  const [bMajor, bMinor, bPatch] = b.slice(1).map(Number) as [number, number, number];
  const [pMajor, pMinor, pPatch] = p.slice(1).map(Number) as [number, number, number];
  if (bMajor !== pMajor) return false;
  return pMinor > bMinor || (pMinor === bMinor && pPatch >= bPatch);
}

/** The names the shell's shared-ui exports, as it provides it to the remotes. */
async function shellSharedUiExports(): Promise<Set<string>> {
  const { sharedUiExports } = await import('./host-shared');
  return new Set(sharedUiExports());
}

/**
 * Refuses (RemoteIncompatibleError) a remote built against a contract or a shared-ui the shell's
 * does not serve (compatibleVersion): a field renamed in the contract is a major version, and a
 * remote built against it reads answers under a name the server no longer gives, showing wrong
 * figures without an error. And one importing names the shell's shared-ui does not export (the
 * shell provides its own copy to every remote). A manifest that records nothing (built before
 * the check, or elsewhere) is accepted.
 */
export async function checkBuiltAgainst(remote: RemoteName, manifest: unknown): Promise<void> {
  const info = (manifest as { metaData?: { buildInfo?: BuildInfo } } | null)?.metaData?.buildInfo;
  const recorded = info?.builtAgainst;
  const contract = recorded?.contract;
  if (typeof contract === 'string' && !compatibleVersion(contract, __BUILT_AGAINST__.contract)) {
    throw new RemoteIncompatibleError(remote, 'contract', contract, __BUILT_AGAINST__.contract);
  }
  const sharedUi = recorded?.['shared-ui'];
  const ours = __BUILT_AGAINST__['shared-ui'];
  if (typeof sharedUi === 'string' && !compatibleVersion(sharedUi, ours)) {
    throw new RemoteIncompatibleError(remote, 'shared-ui', sharedUi, ours);
  }
  if (Array.isArray(info?.sharedUiImports)) {
    const provided = await shellSharedUiExports();
    const missing = info.sharedUiImports.filter(
      (name): name is string => typeof name === 'string' && name !== '*' && !provided.has(name),
    );
    if (missing.length) {
      throw new RemoteIncompatibleError(
        remote,
        'shared-ui',
        typeof sharedUi === 'string' ? sharedUi : 'unknown',
        ours,
        missing,
      );
    }
  }
}
