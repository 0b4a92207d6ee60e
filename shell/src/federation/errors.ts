// What loading a remote screen can fail with, and the types the federation files share.
import type { RemoteName } from '../routes/route-table';

/** Remote name -> manifest URL, as served by the API at /remotes.json. */
export type RemoteList = Partial<Record<RemoteName, string>>;

/** The remote is not deployed (absent from /remotes.json). */
export class RemoteUnavailableError extends Error {
  constructor(remote: string) {
    super(`Remote "${remote}" is not deployed`);
    this.name = 'RemoteUnavailableError';
  }
}

/**
 * Where a remote screen's load failed: what the error panel names. `integrity`: a file's bytes
 * were not the ones its release record gives, and the browser refused to run it.
 */
export type LoadStage = 'manifest' | 'entry' | 'chunk' | 'integrity' | 'render';

/**
 * The SHA-384 of a remote's entry, manifest and chunk table (`integrity` of /remotes.json). A
 * remote hosted elsewhere has its entry's only (REMOTE_<NAME>_SRI).
 */
export interface RemoteIntegrity {
  entry: string;
  manifest?: string;
  chunks?: string;
}

/** A stage of loading a remote screen failed (or did not finish within the time limit). */
export class RemoteLoadError extends Error {
  constructor(
    readonly stage: LoadStage,
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
    this.name = 'RemoteLoadError';
  }
}

/** The libraries whose versions a remote's manifest records and the shell checks. */
export type CheckedLibrary = keyof typeof __BUILT_AGAINST__;
export const CHECKED: readonly CheckedLibrary[] = ['shared-ui', 'contract'];

/**
 * The remote was built against another contract, another major version of shared-ui, or a
 * shared-ui with names (`missing`) the shell's does not export (compatibility.ts).
 */
export class RemoteIncompatibleError extends Error {
  constructor(
    readonly remote: RemoteName,
    readonly library: CheckedLibrary,
    readonly remoteVersion: string,
    readonly shellVersion: string,
    readonly missing: readonly string[] = [],
  ) {
    super(
      `Remote "${remote}" was built against ${library} ${remoteVersion}, the shell runs ${shellVersion}` +
        (missing.length ? `, which does not export ${missing.join(', ')}` : ''),
    );
    this.name = 'RemoteIncompatibleError';
  }
}
