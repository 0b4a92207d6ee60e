// The one route table of the product (docs/product.md#screens-and-routes): each route maps to one module exposed by one
// remote. The sidebar, the router and the federation loader all read it from here; it is derived
// from the one list of the remotes in contract (remotes.json), in the sidebar's order.
import type { RemoteNav } from 'contract/browser';
import { REMOTES } from 'shared-ui';

/** A remote's federation name (`people`, `entries`, ...), as the list in contract names it. */
export type RemoteName = string;

export interface RemoteRoute {
  /** Path exactly as the spec writes it (case matters: /Users, /Expances). */
  path: string;
  /** Sidebar label. */
  label: string;
  remote: RemoteName;
  /** Exposed module, and the name of the component it exports. */
  module: string;
  /**
   * Where the sidebar lists it: the main list, the Reports dropdown, after Settings, after
   * Settings for admins only (the server refuses everyone else anyway), or nowhere.
   */
  nav: RemoteNav;
  /** Only writes (an entry form): the sidebar leaves it out for a read-only user. */
  writesOnly?: boolean;
}

export const REMOTE_ROUTES: readonly RemoteRoute[] = REMOTES.flatMap((remote) =>
  remote.screens.map(({ path, label, module, nav, writesOnly }) => ({
    path,
    label,
    remote: remote.name,
    module,
    nav,
    ...(writesOnly ? { writesOnly } : {}),
  })),
);

/** Human names of the remotes, for the "unavailable" panel. */
export const REMOTE_TITLES: Readonly<Record<RemoteName, string>> = Object.fromEntries(
  REMOTES.map((remote) => [remote.name, remote.title]),
);
