// The remote list: /remotes.json read at start and before a retry, with the integrity, version
// and load it gives for each remote's manifest, and the remotes registered so far.
import { getToken } from 'shared-ui';
import type { RemoteIntegrity, RemoteList } from './errors';

/** Remote name -> the manifest URL registered for it. */
export const registered = new Map<string, string>();
/** Manifest URL -> the integrity /remotes.json gave with it (kept for the life of the tab). */
export const integrityOf = new Map<string, RemoteIntegrity>();
/** Manifest URL -> the deployed version /remotes.json gave with it. */
const versionOf = new Map<string, string>();
/** Manifest URL -> the load (`health.load` of /remotes.json) that last gave it. */
const loadOf = new Map<string, string>();
/** /remotes.json is the shell's own server: it answers well within a screen's time limit. */
const REMOTES_JSON_TIMEOUT_MS = 7_000;

/** The integrity the shell holds for a remote's registered manifest, if any. */
export const integrityForRemote = (name: string): RemoteIntegrity | undefined => {
  const manifestUrl = registered.get(name);
  return manifestUrl ? integrityOf.get(manifestUrl) : undefined;
};

/** Reads /remotes.json; an unreachable or malformed list means "no remotes", never a crash. */
export async function fetchRemoteList(): Promise<RemoteList> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REMOTES_JSON_TIMEOUT_MS);
  try {
    // Signed in, the server may list a canary version for this user.
    const token = getToken();
    const response = await fetch('/remotes.json', {
      cache: 'no-cache',
      signal: controller.signal,
      ...(token ? { headers: { Authorization: `Bearer ${token}` } } : {}),
    });
    if (!response.ok) return {};
    const body = (await response.json()) as unknown;
    if (!body || typeof body !== 'object') return {};
    noteIntegrity(body as Record<string, unknown>);
    return Object.fromEntries(
      Object.entries(body).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    ) as RemoteList;
  } catch (error) {
    console.error('Could not read /remotes.json', error);
    return {};
  } finally {
    clearTimeout(timer);
  }
}

/** Keeps the integrity and version /remotes.json gives for each manifest URL it lists. */
function noteIntegrity(body: Record<string, unknown>): void {
  const integrity = body.integrity as Record<string, unknown> | undefined;
  const versions = body.versions as Record<string, unknown> | undefined;
  const load = (body.health as { load?: unknown } | undefined)?.load;
  for (const [name, url] of Object.entries(body)) {
    if (typeof url !== 'string') continue;
    lastListed.set(name, url);
    const given = integrity?.[name] as Partial<RemoteIntegrity> | undefined;
    if (given && typeof given.entry === 'string') {
      integrityOf.set(url, {
        entry: given.entry,
        ...(typeof given.manifest === 'string' ? { manifest: given.manifest } : {}),
        ...(typeof given.chunks === 'string' ? { chunks: given.chunks } : {}),
      });
    }
    const version = versions?.[name];
    if (typeof version === 'string') versionOf.set(url, version);
    if (typeof version === 'string' && typeof load === 'string') loadOf.set(url, load);
  }
}

/** Remote name -> the manifest URL the latest read of /remotes.json gave. */
const lastListed = new Map<string, string>();

/** What this tab was served of a remote, as its health reports name it. */
export interface Served {
  /** The deployed version: 'unversioned' for one served from its own build or from elsewhere. */
  version: string;
  /** The load (one answer of /remotes.json to this user) that gave it, when the server named one. */
  load?: string;
}

/**
 * The version of the remote this tab loads (or last tried to) and the load that gave it: the
 * server counts a health report only for what it served this user in that load.
 */
export const remoteServed = (remote: string): Served => {
  const url = registered.get(remote) ?? lastListed.get(remote);
  const version = (url && versionOf.get(url)) || 'unversioned';
  const load = url ? loadOf.get(url) : undefined;
  return load && version !== 'unversioned' ? { version, load } : { version };
};
