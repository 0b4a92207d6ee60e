// The list of the remotes is the only place they are written: every tool that builds, serves or
// lints them reads it. These tests fail when a remote's package drifts from its entry (a screen
// exposed but not listed, a listed screen with no source, a folder npm does not know).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  REMOTES,
  REMOTE_NAMES,
  SHELL_DEV_PORT,
  remoteUrlVariable,
  screenSource,
} from '../src/index.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

interface FederationOptions {
  name: string;
  exposes?: Record<string, string>;
}

/** The options a remote's webpack config gives the federation plugin, and its dev port. */
async function webpackConfigOf(dir: string) {
  const file = path.join(root, dir, 'webpack.config.mjs');
  const { default: config } = (await import(file)) as {
    default: (
      env: unknown,
      argv: { mode: string },
    ) => Array<{
      plugins: Array<{ constructor: { name: string }; _options?: FederationOptions }>;
      devServer?: { port: number };
    }>;
  };
  const [app] = config(undefined, { mode: 'production' });
  const federation = app!.plugins.find(
    (plugin) => plugin.constructor.name === 'ModuleFederationPlugin',
  );
  return { federation: federation!._options!, port: app!.devServer!.port };
}

describe('the list of the remotes', () => {
  it('names each remote, folder, port and route once', () => {
    const unique = (values: unknown[]) => new Set(values).size === values.length;
    expect(unique(REMOTE_NAMES as string[])).toBe(true);
    expect(unique(REMOTES.map((remote) => remote.dir))).toBe(true);
    expect(unique([SHELL_DEV_PORT, ...REMOTES.map((remote) => remote.port)])).toBe(true);
    expect(unique(REMOTES.flatMap((remote) => remote.screens.map((screen) => screen.path)))).toBe(
      true,
    );
    expect(REMOTE_NAMES.map(remoteUrlVariable)).toEqual([
      'REMOTE_PEOPLE_URL',
      'REMOTE_ENTRIES_URL',
      'REMOTE_REPORTS_URL',
      'REMOTE_SETTINGS_URL',
    ]);
  });

  it('lists only workspaces npm knows, each a package of the same name', () => {
    const workspaces = JSON.parse(read('package.json')).workspaces as string[];
    for (const remote of REMOTES) {
      expect(workspaces).toContain(remote.dir);
      expect(JSON.parse(read(`${remote.dir}/package.json`)).name).toBe(remote.dir);
    }
  });

  it.each(REMOTES.map((remote) => [remote.dir, remote] as const))(
    "%s's webpack config exposes exactly its listed screens, on its listed port",
    async (dir, remote) => {
      const { federation, port } = await webpackConfigOf(dir);
      expect(federation.name).toBe(remote.name);
      expect(port).toBe(remote.port);
      expect(Object.keys(federation.exposes ?? {}).sort()).toEqual(
        remote.screens.map((screen) => `./${screen.module}`).sort(),
      );
      for (const source of Object.values(federation.exposes ?? {})) {
        expect(existsSync(path.join(root, dir, source))).toBe(true);
      }
    },
  );

  it.each(REMOTES.map((remote) => [remote.dir, remote] as const))(
    "%s's screens each export the component of their name, and its standalone host mounts them",
    (dir, remote) => {
      const bootstrap = read(`${dir}/src/bootstrap.tsx`);
      expect(bootstrap).toContain(`mountRemote('${remote.name}',`);
      for (const screen of remote.screens) {
        const { module } = screen;
        expect(read(`${dir}/${screenSource(screen)}/index.ts`)).toMatch(
          new RegExp(`export (\\{[^}]*\\b${module}\\b[^}]*\\}|function ${module}\\b)`),
        );
        expect(bootstrap).toMatch(new RegExp(`mountRemote\\([^)]*\\b${module}\\b`));
      }
    },
  );
});
