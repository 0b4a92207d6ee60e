// The one list of the remotes: each remote's federation name, folder, dev port and the screens it
// exposes (docs/product.md#screens-and-routes routes). The data lives in remotes.json so that the build tools (plain Node
// .mjs files: eslint, webpack configs, scripts) read the same file the shell and the api import.
import list from './remotes.json' with { type: 'json' };

/** Where the shell's sidebar lists a screen: the main list, the Reports dropdown, after
 * Settings, after Settings for admins only (the server refuses everyone else anyway), or nowhere. */
export type RemoteNav = 'main' | 'reports' | 'settings' | 'admin' | 'none';

export interface RemoteScreen {
  /** Path exactly as the spec writes it (case matters: /Users, /Expances). */
  path: string;
  /** Sidebar label. */
  label: string;
  /** Exposed module (`./<module>`) and the component it exports. */
  module: string;
  /** The screen's folder in the remote, holding its `index.ts`; default `src/<module>`. */
  source?: string;
  nav: RemoteNav;
  /**
   * A screen that only writes (an entry form): the sidebar leaves it out for a read-only user,
   * who sees a notice there instead of the form.
   */
  writesOnly?: boolean;
}

export interface Remote {
  /** Federation name; also the `REMOTE_<NAME>_URL` variable and the key in /remotes.json. */
  name: string;
  /** The remote's workspace folder, and its path under /remotes/ when the api serves it. */
  dir: string;
  /** Human name, for the shell's "unavailable" panel. */
  title: string;
  /** Development server port. */
  port: number;
  screens: readonly RemoteScreen[];
}

/** Every remote, in the order their screens appear in the sidebar. */
export const REMOTES = list.remotes as readonly Remote[];

/** The shell's development server port. */
export const SHELL_DEV_PORT: number = list.shell.port;

/** The federation names of the remotes. */
export const REMOTE_NAMES: readonly string[] = REMOTES.map((remote) => remote.name);

/** The folder of a screen's source inside its remote (its `index.ts` is the exposed module). */
export const screenSource = (screen: RemoteScreen): string =>
  screen.source ?? `src/${screen.module}`;

/** The environment variable that points a remote at a manifest deployed elsewhere. */
export const remoteUrlVariable = (name: string): string => `REMOTE_${name.toUpperCase()}_URL`;
