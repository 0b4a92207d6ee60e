// Runtime module federation: the shell learns its remotes from /remotes.json at start (so a
// remote can move or be redeployed without rebuilding the shell) and loads one exposed module per
// screen. Every failure surfaces as a rejected promise that RemoteScreen turns into a Retry panel.
import type { ComponentType } from 'react';
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
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

const registered = new Map<string, string>();
const loaded = new Map<string, ComponentType>();

/** Logs which remote failed; returning nothing lets the error reach the caller's Retry panel. */
const reportFailures: ModuleFederationRuntimePlugin = {
  name: 'office-finance-report-failures',
  errorLoadRemote({ id, error, lifecycle }) {
    console.error(`Could not load remote module ${id} (${lifecycle})`, error);
    return undefined;
  },
};
let pluginsRegistered = false;

const REMOTES_JSON_TIMEOUT_MS = 8000;

/** Reads /remotes.json; an unreachable or malformed list means "no remotes", never a crash. */
export async function fetchRemoteList(): Promise<RemoteList> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REMOTES_JSON_TIMEOUT_MS);
  try {
    const response = await fetch('/remotes.json', {
      cache: 'no-cache',
      signal: controller.signal,
    });
    if (!response.ok) return {};
    const body = (await response.json()) as unknown;
    if (!body || typeof body !== 'object') return {};
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

/** Registers new or moved remotes; `force` also drops a remote's cached (possibly failed) load. */
export function registerRemoteList(list: RemoteList, force = false): void {
  if (!pluginsRegistered) {
    registerPlugins([reportFailures]);
    pluginsRegistered = true;
  }
  const changed = Object.entries(list).filter(
    ([name, entry]) => force || registered.get(name) !== entry,
  );
  if (changed.length === 0) return;
  registerRemotes(
    changed.map(([name, entry]) => ({ name, entry: entry as string })),
    { force: true },
  );
  for (const [name, entry] of changed) registered.set(name, entry as string);
}

/**
 * Loads `<remote>/<module>` and returns its component (the named export of the same name).
 * With `retry`, the remote list is read again and the remote re-registered first, so a remote
 * deployed or fixed since the page loaded works without a reload.
 */
export async function loadRemoteComponent(
  remote: RemoteName,
  module: string,
  retry = false,
): Promise<ComponentType> {
  const id = `${remote}/${module}`;
  const cached = loaded.get(id);
  if (cached && !retry) return cached;

  if (retry || !registered.has(remote)) {
    const list = await fetchRemoteList();
    const entry = list[remote];
    if (!entry) throw new RemoteUnavailableError(remote);
    registerRemoteList({ [remote]: entry }, retry);
  }

  const exports = await loadRemote<Record<string, unknown>>(id);
  const component = exports?.[module] ?? exports?.default;
  if (typeof component !== 'function' && (typeof component !== 'object' || component === null)) {
    throw new Error(`${id} does not export a component named ${module}`);
  }
  loaded.set(id, component as ComponentType);
  return component as ComponentType;
}
