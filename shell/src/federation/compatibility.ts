// Whether a remote's build fits this shell: what its manifest records it was built against
// (metaData.buildInfo, written by webpack/create-config.mjs) against what the shell runs. The
// deploy refuses the same (api/src/web/gates.ts); this catches what reaches a browser anyway (a
// forced deploy, a remote hosted elsewhere, a shell deployed after the remote).
import type { RemoteName } from '../routes/route-table';
import { RemoteIncompatibleError } from './errors';

interface BuildInfo {
  builtAgainst?: Record<string, unknown>;
  sharedUiImports?: unknown;
}

const major = (version: string): string | undefined => /^\D*(\d+)\./.exec(version)?.[1];

/** The names the shell's shared-ui exports, as it provides it to the remotes. */
async function shellSharedUiExports(): Promise<Set<string>> {
  const { sharedUiExports } = await import('./host-shared');
  return new Set(sharedUiExports());
}

/**
 * Refuses (RemoteIncompatibleError) a remote built against another contract than the shell's,
 * to the hash of its sources: a field renamed in the contract makes the remote read answers
 * under a name the server no longer gives, and show wrong figures without an error. And one
 * built against another major version of shared-ui, or importing names the shell's shared-ui
 * does not export (the shell provides its own copy to every remote). A manifest that records
 * nothing (built before the check, or elsewhere) is accepted.
 */
export async function checkBuiltAgainst(remote: RemoteName, manifest: unknown): Promise<void> {
  const info = (manifest as { metaData?: { buildInfo?: BuildInfo } } | null)?.metaData?.buildInfo;
  const recorded = info?.builtAgainst;
  const contract = recorded?.contract;
  if (typeof contract === 'string' && contract !== __BUILT_AGAINST__.contract) {
    throw new RemoteIncompatibleError(remote, 'contract', contract, __BUILT_AGAINST__.contract);
  }
  const sharedUi = recorded?.['shared-ui'];
  const ours = __BUILT_AGAINST__['shared-ui'];
  if (typeof sharedUi === 'string' && major(sharedUi) !== major(ours)) {
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
