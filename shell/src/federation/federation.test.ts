import type { ModuleFederation, UserOptions } from '@module-federation/runtime-core';
import type * as React from 'react';
import type * as ReactRouter from 'react-router';
import type * as SharedUi from 'shared-ui';
import type * as Federation from './federation';

/**
 * The federation runtime core as /federation-runtime.js puts it on its global: the shell creates
 * its federation instance from it. Each instance created records its options and the remotes
 * registered with it; loading a remote is `mockedLoad`.
 */
let mockedLoad: jest.Mock<Promise<unknown>, [string]>;
let mockedRegister: jest.Mock<void, [{ name: string; entry: string }[], { force: boolean }]>;
let created: UserOptions[];
let madeGlobal: unknown[];
function fakeRuntimeCore() {
  return {
    ModuleFederation: class {
      constructor(options: UserOptions) {
        created.push(options);
      }
      loadRemote = mockedLoad;
      registerRemotes = mockedRegister;
    },
    setGlobalFederationInstance: (instance: ModuleFederation) => madeGlobal.push(instance),
  };
}
// A fresh copy of the loader per test: it remembers registered remotes and loaded screens.
let LOAD_TIME_LIMIT_MS: number;
let RemoteIncompatibleError: typeof Federation.RemoteIncompatibleError;
let RemoteLoadError: typeof Federation.RemoteLoadError;
let RemoteUnavailableError: typeof Federation.RemoteUnavailableError;
let fetchRemoteList: typeof Federation.fetchRemoteList;
let loadRemoteComponent: typeof Federation.loadRemoteComponent;
let preloadRemoteComponent: typeof Federation.preloadRemoteComponent;
let registerRemoteList: typeof Federation.registerRemoteList;
let remoteServed: typeof Federation.remoteServed;
type RemoteLoadError = Federation.RemoteLoadError;

const SHELL_VERSIONS = __BUILT_AGAINST__;

interface Served {
  list: unknown;
  listOk?: boolean;
  manifest?: unknown;
  manifestOk?: boolean;
}

/** Answers /remotes.json with `list` and any other URL (a manifest) with `manifest`. */
function serve({ list, listOk = true, manifest = {}, manifestOk = true }: Served) {
  global.fetch = jest.fn((url: string) =>
    Promise.resolve(
      url === '/remotes.json'
        ? { ok: listOk, status: listOk ? 200 : 500, json: () => Promise.resolve(list) }
        : {
            ok: manifestOk,
            status: manifestOk ? 200 : 404,
            json: () => Promise.resolve(manifest),
          },
    ),
  ) as unknown as typeof fetch;
}
const serveList = (list: unknown, listOk = true) => serve({ list, listOk });

const builtAgainst = (versions: Record<string, string>) => ({
  metaData: { buildInfo: { builtAgainst: versions } },
});

/** The provider script the loader adds to the document, once it is there. */
async function waitForScript(src: string): Promise<HTMLScriptElement> {
  for (let tries = 0; tries < 50; tries += 1) {
    const script = document.head.querySelector<HTMLScriptElement>(`script[src="${src}"]`);
    if (script) return script;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`no script ${src} was added`);
}

let screenNumber = 0;
const nextModule = () => `Screen${(screenNumber += 1)}Page`;

beforeEach(() => {
  jest.resetModules();
  mockedLoad = jest.fn();
  mockedRegister = jest.fn();
  created = [];
  madeGlobal = [];
  ({
    LOAD_TIME_LIMIT_MS,
    RemoteIncompatibleError,
    RemoteLoadError,
    RemoteUnavailableError,
    fetchRemoteList,
    loadRemoteComponent,
    preloadRemoteComponent,
    registerRemoteList,
    remoteServed,
  } = jest.requireActual<typeof Federation>('./federation'));
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  document.head.replaceChildren();
  // As once the shell's runtime provider has run (two tests below load it).
  Object.assign(globalThis, { _FEDERATION_RUNTIME_CORE: fakeRuntimeCore() });
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('fetchRemoteList', () => {
  it('should keep only string entries of /remotes.json', async () => {
    serveList({ settings: '/remotes/mf-settings/mf-manifest.json', bogus: 3 });
    await expect(fetchRemoteList()).resolves.toEqual({
      settings: '/remotes/mf-settings/mf-manifest.json',
    });
    expect(global.fetch).toHaveBeenCalledWith('/remotes.json', expect.anything());
  });

  it('should treat an unreachable or failing list as no remotes', async () => {
    serveList({}, false);
    await expect(fetchRemoteList()).resolves.toEqual({});
    global.fetch = jest.fn().mockRejectedValue(new TypeError('offline'));
    await expect(fetchRemoteList()).resolves.toEqual({});
  });
});

describe('loadRemoteComponent', () => {
  it('should report a remote missing from the list as unavailable', async () => {
    serveList({});
    await expect(loadRemoteComponent('people', nextModule())).rejects.toBeInstanceOf(
      RemoteUnavailableError,
    );
    expect(mockedLoad).not.toHaveBeenCalled();
  });

  it('should register the remote and return the export named like the module', async () => {
    const module = nextModule();
    const Screen = () => null;
    serve({
      list: { settings: '/remotes/mf-settings/v/0123456789ab/mf-manifest.json' },
      manifest: builtAgainst(SHELL_VERSIONS),
    });
    mockedLoad.mockResolvedValue({ [module]: Screen });
    await expect(loadRemoteComponent('settings', module)).resolves.toBe(Screen);
    expect(mockedRegister).toHaveBeenCalledWith(
      [{ name: 'settings', entry: '/remotes/mf-settings/v/0123456789ab/mf-manifest.json' }],
      { force: true },
    );
    expect(mockedLoad).toHaveBeenCalledWith(`settings/${module}`);
  });

  it('should try a failed load once more by itself, re-reading the list', async () => {
    const module = nextModule();
    const Screen = () => null;
    serveList({ entries: '/remotes/mf-entries/mf-manifest.json' });
    mockedLoad
      .mockRejectedValueOnce(new Error('[ Federation Runtime ]: RUNTIME-008 load failed'))
      .mockResolvedValueOnce({ [module]: Screen });
    await expect(loadRemoteComponent('entries', module)).resolves.toBe(Screen);
    expect(mockedLoad).toHaveBeenCalledTimes(2);
    expect(mockedRegister).toHaveBeenCalledTimes(2);
  });

  it('should name the entry stage when the entry fails twice, and load again on Retry', async () => {
    const module = nextModule();
    const Screen = () => null;
    serveList({ people: '/remotes/mf-people/mf-manifest.json' });
    const failure = new Error('[ Federation Runtime ]: RUNTIME-008 Failed to load script');
    mockedLoad
      .mockRejectedValueOnce(failure)
      .mockRejectedValueOnce(failure)
      .mockResolvedValueOnce({ [module]: Screen });
    const error = await loadRemoteComponent('people', module).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RemoteLoadError);
    expect((error as RemoteLoadError).stage).toBe('entry');
    expect(mockedLoad).toHaveBeenCalledTimes(2);
    await expect(loadRemoteComponent('people', module, true)).resolves.toBe(Screen);
  });

  it('should name the chunk stage for a chunk that does not load', async () => {
    const module = nextModule();
    serveList({ reports: '/remotes/mf-reports/mf-manifest.json' });
    const chunkFailure = Object.assign(new Error('Loading chunk 42 failed.'), {
      name: 'ChunkLoadError',
    });
    mockedLoad.mockRejectedValue(chunkFailure);
    const error = await loadRemoteComponent('reports', module).catch((e: unknown) => e);
    expect((error as RemoteLoadError).stage).toBe('chunk');
  });

  it('should name the manifest stage when the manifest cannot be read', async () => {
    const module = nextModule();
    serve({
      list: { reports: '/remotes/mf-reports/v/cccccccccccc/mf-manifest.json' },
      manifestOk: false,
    });
    const error = await loadRemoteComponent('reports', module).catch((e: unknown) => e);
    expect((error as RemoteLoadError).stage).toBe('manifest');
    expect(mockedLoad).not.toHaveBeenCalled();
  });

  it('should refuse a remote built against another major version, naming both versions', async () => {
    const module = nextModule();
    // The major after the shell's, whatever the shell's is.
    const newer = `${Number(SHELL_VERSIONS['shared-ui'].split('.')[0]) + 1}.0.0`;
    serve({
      list: { reports: '/remotes/mf-reports/v/aaaaaaaaaaaa/mf-manifest.json' },
      manifest: builtAgainst({ 'shared-ui': newer, contract: SHELL_VERSIONS.contract }),
    });
    const error = await loadRemoteComponent('reports', module).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RemoteIncompatibleError);
    expect(error).toMatchObject({
      remote: 'reports',
      library: 'shared-ui',
      remoteVersion: newer,
      shellVersion: SHELL_VERSIONS['shared-ui'],
    });
    expect(mockedLoad).not.toHaveBeenCalled();
  });

  it("should accept shared-ui and the contract of the shell's versions whatever their sources' hash", async () => {
    const module = nextModule();
    const Screen = () => null;
    serve({
      list: { reports: '/remotes/mf-reports/v/bbbbbbbbbbbb/mf-manifest.json' },
      manifest: builtAgainst({
        'shared-ui': `${SHELL_VERSIONS['shared-ui']}+bbbbbbbbbbbb`,
        contract: `${SHELL_VERSIONS.contract}+0123456789ab`,
      }),
    });
    mockedLoad.mockResolvedValue({ [module]: Screen });
    await expect(loadRemoteComponent('reports', module)).resolves.toBe(Screen);
  });

  it('should refuse a remote built against a newer minor of shared-ui (it may use an export the shell lacks), untried', async () => {
    const module = nextModule();
    const [majorVersion] = SHELL_VERSIONS['shared-ui'].split('.');
    serve({
      list: { reports: '/remotes/mf-reports/v/cccccccccccc/mf-manifest.json' },
      manifest: builtAgainst({
        'shared-ui': `${majorVersion}.99.0`,
        contract: SHELL_VERSIONS.contract,
      }),
    });
    const error = await loadRemoteComponent('reports', module).catch((e: unknown) => e);
    expect(error).toMatchObject({ library: 'shared-ui', remoteVersion: `${majorVersion}.99.0` });
    expect(mockedLoad).not.toHaveBeenCalled();
  });

  it('should refuse a remote built against another major version of the contract, untried', async () => {
    const module = nextModule();
    const drifted = `${Number(SHELL_VERSIONS.contract.split('.')[0]) + 1}.0.0+0123456789ab`;
    serve({
      list: { reports: '/remotes/mf-reports/v/dddddddddddd/mf-manifest.json' },
      manifest: builtAgainst({ 'shared-ui': SHELL_VERSIONS['shared-ui'], contract: drifted }),
    });
    const error = await loadRemoteComponent('reports', module).catch((e: unknown) => e);
    expect(error).toMatchObject({
      name: 'RemoteIncompatibleError',
      library: 'contract',
      remoteVersion: drifted,
      shellVersion: SHELL_VERSIONS.contract,
    });
    expect(mockedLoad).not.toHaveBeenCalled();
  });

  it('should give up on a load that exceeds the time limit, with no second attempt', async () => {
    jest.useFakeTimers();
    const module = nextModule();
    serveList({ settings: '/remotes/mf-settings/mf-manifest.json' });
    mockedLoad.mockReturnValue(new Promise(() => undefined));
    const load = loadRemoteComponent('settings', module);
    const failed = expect(load).rejects.toMatchObject({ name: 'RemoteLoadError', stage: 'entry' });
    await jest.advanceTimersByTimeAsync(LOAD_TIME_LIMIT_MS + 1);
    await failed;
    expect(mockedLoad).toHaveBeenCalledTimes(1);
  });

  it('should try a failed load once more in the time the first attempt left', async () => {
    jest.useFakeTimers();
    const module = nextModule();
    serveList({ settings: '/remotes/mf-settings/mf-manifest.json' });
    mockedLoad
      .mockRejectedValueOnce(new Error('ScriptExternalLoadError'))
      .mockReturnValueOnce(new Promise(() => undefined));
    const load = loadRemoteComponent('settings', module);
    const failed = expect(load).rejects.toMatchObject({ name: 'RemoteLoadError' });
    // The whole load, both attempts, ends within the limit.
    await jest.advanceTimersByTimeAsync(LOAD_TIME_LIMIT_MS + 1);
    await failed;
    expect(mockedLoad).toHaveBeenCalledTimes(2);
  });

  it('should load the federation runtime provider once before the first remote entry', async () => {
    delete (globalThis as { _FEDERATION_RUNTIME_CORE?: unknown })._FEDERATION_RUNTIME_CORE;
    const module = nextModule();
    const Screen = () => null;
    serveList({ settings: '/remotes/mf-settings/mf-manifest.json' });
    mockedLoad.mockResolvedValue({ [module]: Screen });
    const load = loadRemoteComponent('settings', module);
    const script = await waitForScript('/federation-runtime.js');
    expect(mockedLoad).not.toHaveBeenCalled();
    Object.assign(globalThis, { _FEDERATION_RUNTIME_CORE: fakeRuntimeCore() });
    script.dispatchEvent(new Event('load'));
    await expect(load).resolves.toBe(Screen);
  });

  it('should name the entry stage when the runtime provider cannot be loaded', async () => {
    delete (globalThis as { _FEDERATION_RUNTIME_CORE?: unknown })._FEDERATION_RUNTIME_CORE;
    const module = nextModule();
    serveList({ settings: '/remotes/mf-settings/mf-manifest.json' });
    const load = loadRemoteComponent('settings', module).catch((e: unknown) => e);
    // Both attempts ask for the provider again; neither gets it.
    (await waitForScript('/federation-runtime.js')).dispatchEvent(new Event('error'));
    (await waitForScript('/federation-runtime.js')).dispatchEvent(new Event('error'));
    const error = await load;
    expect((error as RemoteLoadError).stage).toBe('entry');
    expect(mockedLoad).not.toHaveBeenCalled();
  });

  it("should create one federation instance, sharing the shell's own modules as singletons", async () => {
    const [first, second] = [nextModule(), nextModule()];
    const Screen = () => null;
    serveList({ settings: '/remotes/mf-settings/mf-manifest.json' });
    mockedLoad.mockResolvedValue({ [first]: Screen, [second]: Screen });
    await loadRemoteComponent('settings', first);
    await loadRemoteComponent('settings', second);
    expect(created).toHaveLength(1);
    expect(madeGlobal).toHaveLength(1);
    const options = created[0] as UserOptions;
    expect(options).toMatchObject({ name: 'shell', remotes: [], shareStrategy: 'loaded-first' });
    // Every module a remote's manifest lists as shared: a name left out would be a second copy.
    type Share = { version: string; lib: () => Record<string, unknown>; shareConfig: object };
    const shared = options.shared as Record<string, Share>;
    const libOf = (name: string) => (shared[name] as Share).lib();
    expect(Object.keys(shared).sort()).toEqual(
      [
        '@tanstack/react-query',
        'react',
        'react-dom',
        'react-dom/client',
        'react-router',
        'react/jsx-runtime',
        'shared-ui',
        'zustand',
        'zustand/react',
        'zustand/vanilla',
      ].sort(),
    );
    for (const [name, share] of Object.entries(shared)) {
      expect({ name, version: share.version, shareConfig: share.shareConfig }).toEqual({
        name,
        version: __HOST_SHARED__[name as keyof typeof __HOST_SHARED__].version,
        shareConfig: {
          singleton: true,
          requiredVersion: __HOST_SHARED__[name as keyof typeof __HOST_SHARED__].requiredVersion,
        },
      });
    }
    // The shell's own modules (loaded in this test's module registry, as the shell's are).
    const react = jest.requireActual<typeof React>('react');
    const router = jest.requireActual<typeof ReactRouter>('react-router');
    const sharedUi = jest.requireActual<typeof SharedUi>('shared-ui');
    expect(libOf('react').useState).toBe(react.useState);
    expect(libOf('react-router').Link).toBe(router.Link);
    expect(libOf('shared-ui').getToken).toBe(sharedUi.getToken);
  });

  it('should load no federation runtime for the remote list alone, and register it later', async () => {
    const module = nextModule();
    const Screen = () => null;
    delete (globalThis as { _FEDERATION_RUNTIME_CORE?: unknown })._FEDERATION_RUNTIME_CORE;
    registerRemoteList({ people: '/remotes/mf-people/mf-manifest.json' });
    expect(document.head.querySelector('script')).toBeNull();
    expect(mockedRegister).not.toHaveBeenCalled();

    serveList({ settings: '/remotes/mf-settings/mf-manifest.json' });
    mockedLoad.mockResolvedValue({ [module]: Screen });
    const load = loadRemoteComponent('settings', module);
    const script = await waitForScript('/federation-runtime.js');
    Object.assign(globalThis, { _FEDERATION_RUNTIME_CORE: fakeRuntimeCore() });
    script.dispatchEvent(new Event('load'));
    await expect(load).resolves.toBe(Screen);
    expect(mockedRegister).toHaveBeenCalledWith(
      [
        { name: 'people', entry: '/remotes/mf-people/mf-manifest.json' },
        { name: 'settings', entry: '/remotes/mf-settings/mf-manifest.json' },
      ],
      { force: true },
    );
  });

  it('should reject a module without the expected component', async () => {
    const module = nextModule();
    serveList({ reports: '/remotes/mf-reports/mf-manifest.json' });
    mockedLoad.mockResolvedValue({ SomethingElse: 1 });
    await expect(loadRemoteComponent('reports', module)).rejects.toThrow(
      `does not export a component named ${module}`,
    );
  });

  it('should share one load between a preload and the click that follows', async () => {
    const module = nextModule();
    const Screen = () => null;
    serveList({ people: '/remotes/mf-people/mf-manifest.json' });
    mockedLoad.mockResolvedValue({ [module]: Screen });
    preloadRemoteComponent('people', module);
    await expect(loadRemoteComponent('people', module)).resolves.toBe(Screen);
    expect(mockedLoad).toHaveBeenCalledTimes(1);
  });
});

describe('files verified before they run', () => {
  const ENTRY = 'sha384-entryentryentryentryentryentryentryentryentryentryentryentryentry';
  const MANIFEST = 'sha384-manifestmanifestmanifestmanifestmanifestmanifestmanifestmanife';
  const URL_V = '/remotes/mf-reports/v/0123456789ab/mf-manifest.json';
  const listWithIntegrity = {
    reports: URL_V,
    integrity: { reports: { entry: ENTRY, manifest: MANIFEST } },
    versions: { reports: '0123456789ab' },
  };
  const plugin = () =>
    (created[0]!.plugins ?? []).find(
      (candidate) => candidate.name === 'office-finance-verify-files',
    ) as unknown as {
      createScript: (args: { url: string; remoteInfo: { name: string } }) => HTMLScriptElement;
      beforePreloadRemote: (args: { preloadOps: unknown[] }) => void;
      fetch: (url: string, init: RequestInit) => Promise<Response> | undefined;
    };

  it('should send the session with the list and keep the integrity, version and load it gives', async () => {
    jest.requireActual<typeof SharedUi>('shared-ui').useSession.setState({ token: 'tok' });
    const LOAD = '6f1c2a9e-3b7d-4e25-9a51-0c8d7e6f5a41';
    serveList({ ...listWithIntegrity, people: '/remotes/mf-people/mf-manifest.json' });
    await fetchRemoteList();
    // Without a load named by the server, reports name none (and are not counted).
    expect(remoteServed('reports')).toEqual({ version: '0123456789ab' });
    serveList({
      ...listWithIntegrity,
      people: '/remotes/mf-people/mf-manifest.json',
      health: { load: LOAD },
    });
    await expect(fetchRemoteList()).resolves.toEqual({
      reports: URL_V,
      people: '/remotes/mf-people/mf-manifest.json',
    });
    expect(global.fetch).toHaveBeenCalledWith(
      '/remotes.json',
      expect.objectContaining({ headers: { Authorization: 'Bearer tok' } }),
    );
    // Health reports name the version and the load that served it; a remote served from its
    // own build has no version the server could count.
    expect(remoteServed('reports')).toEqual({ version: '0123456789ab', load: LOAD });
    expect(remoteServed('people')).toEqual({ version: 'unversioned' });
  });

  it('should read the manifest with its integrity, put the entry hash on the entry script and load no chunk early', async () => {
    const module = nextModule();
    const Screen = () => null;
    global.fetch = jest.fn((url: string) =>
      Promise.resolve(
        url === '/remotes.json'
          ? { ok: true, status: 200, json: () => Promise.resolve(listWithIntegrity) }
          : {
              ok: true,
              status: 200,
              text: () => Promise.resolve(JSON.stringify(builtAgainst(SHELL_VERSIONS))),
            },
      ),
    ) as unknown as typeof fetch;
    mockedLoad.mockResolvedValue({ [module]: Screen });
    await expect(loadRemoteComponent('reports', module)).resolves.toBe(Screen);
    expect(global.fetch).toHaveBeenCalledWith(
      URL_V,
      expect.objectContaining({ integrity: MANIFEST }),
    );
    const hooks = plugin();
    const script = hooks.createScript({
      url: '/remotes/mf-reports/v/0123456789ab/remoteEntry.js',
      remoteInfo: { name: 'reports' },
    });
    expect(script.integrity).toBe(ENTRY);
    expect(script.crossOrigin).toBe('anonymous');
    const preloadOps = [{ nameOrAlias: 'reports' }];
    hooks.beforePreloadRemote({ preloadOps });
    expect(preloadOps).toEqual([]);
    // The runtime reads the manifest the shell verified, not the network again. (jsdom has no
    // Response: a stand-in with the one method read here.)
    Object.assign(globalThis, {
      Response: class {
        constructor(private readonly body: string) {}
        text() {
          return Promise.resolve(this.body);
        }
      },
    });
    const verified = await hooks.fetch(URL_V, {});
    expect(await verified!.text()).toBe(JSON.stringify(builtAgainst(SHELL_VERSIONS)));
  });

  describe("the version's chunk table", () => {
    const CHUNKS = 'sha384-chunkschunkschunkschunkschunkschunkschunkschunkschunkschunkschunks';
    const FOLDER = `${location.origin}/remotes/mf-reports/v/0123456789ab/`;
    const TABLE = {
      'page.0123abcd.js': 'sha384-pagepagepagepagepagepagepagepagepagepagepagepagepagepage',
    };
    const withChunks = {
      ...listWithIntegrity,
      integrity: { reports: { entry: ENTRY, manifest: MANIFEST, chunks: CHUNKS } },
    };
    const REFUSED = `sha384-${'A'.repeat(64)}`;
    /** What a container's loader does with a chunk's <script>: the shell's function decides. */
    const chunkScript = (url: string, own: Record<string, string> | null = null) => {
      const script = document.createElement('script');
      const check = (globalThis as { __CHUNK_INTEGRITY__?: unknown }).__CHUNK_INTEGRITY__ as (
        script: HTMLScriptElement,
        url: string,
        own: Record<string, string> | null,
      ) => void;
      check(script, url, own);
      // jsdom leaves `integrity` undefined until it is set.
      return { integrity: (script.integrity as string | undefined) ?? '' };
    };
    /** The list, the verified manifest, and the table (refused when `refuse` is set). */
    const serveTable = (list: unknown, refuse = false) => {
      global.fetch = jest.fn((url: string, init?: RequestInit) => {
        if (url === '/remotes.json') {
          return Promise.resolve({ ok: true, status: 200, json: () => Promise.resolve(list) });
        }
        if (url.endsWith('/chunk-integrity.json')) {
          return refuse && init?.integrity
            ? Promise.reject(new TypeError('Failed to fetch'))
            : Promise.resolve({ ok: true, status: 200, json: () => Promise.resolve(TABLE) });
        }
        return Promise.resolve({
          ok: true,
          status: 200,
          text: () => Promise.resolve(JSON.stringify(builtAgainst(SHELL_VERSIONS))),
          json: () => Promise.resolve(builtAgainst(SHELL_VERSIONS)),
        });
      }) as unknown as typeof fetch;
    };
    it('should be read with its hash and given to the loader under the version folder before the remote loads', async () => {
      const module = nextModule();
      const Screen = () => null;
      serveTable(withChunks);
      let seenByLoad: string[] = [];
      mockedLoad.mockImplementation(() => {
        seenByLoad = [
          chunkScript(`${FOLDER}page.0123abcd.js`).integrity,
          chunkScript(`${FOLDER}other.99999999.js?x=1`).integrity,
          chunkScript(`${location.origin}/remotes/mf-reports/page.0123abcd.js`).integrity,
        ];
        return Promise.resolve({ [module]: Screen });
      });
      await expect(loadRemoteComponent('reports', module)).resolves.toBe(Screen);
      expect(global.fetch).toHaveBeenCalledWith(
        `${FOLDER}chunk-integrity.json`,
        expect.objectContaining({ integrity: CHUNKS }),
      );
      // The chunk's own hash; one the table does not name, refused; another folder (a build
      // served as it is, with no record), not checked.
      expect(seenByLoad).toEqual([TABLE['page.0123abcd.js'], REFUSED, '']);
    });

    it("should put each stylesheet's hash on its <link>, refuse one the table does not name, and name the integrity stage for an altered one", async () => {
      const module = nextModule();
      const STYLE = 'sha384-stylestylestylestylestylestylestylestylestylestylestylestylestyle';
      const table = { ...TABLE, 'page.0123abcd.css': STYLE };
      serveTable(withChunks);
      const plainFetch = global.fetch as jest.Mock;
      global.fetch = jest.fn((url: string, init?: RequestInit) =>
        url.endsWith('/chunk-integrity.json')
          ? Promise.resolve({ ok: true, status: 200, json: () => Promise.resolve(table) })
          : (plainFetch(url, init) as Promise<unknown>),
      ) as unknown as typeof fetch;
      /** What the stylesheet loader does with a CSS chunk's <link>: the shell's function decides. */
      const linkFor = (url: string) => {
        const link = document.createElement('link');
        const check = (globalThis as { __CHUNK_INTEGRITY__?: unknown }).__CHUNK_INTEGRITY__ as (
          link: HTMLLinkElement,
          url: string,
          own: null,
        ) => void;
        check(link, url, null);
        return (link.integrity as string | undefined) ?? '';
      };
      let seen: string[] = [];
      // The stylesheet of the screen was altered: the browser refused it (the loader's error
      // names its URL), and the file downloads fine without the hash.
      const refusedCss = Object.assign(
        new Error(`Loading CSS chunk 327 failed.\n(error: ${FOLDER}page.0123abcd.css)`),
        { name: 'ChunkLoadError' },
      );
      mockedLoad.mockImplementation(() => {
        seen = [linkFor(`${FOLDER}page.0123abcd.css`), linkFor(`${FOLDER}other.99999999.css`)];
        return Promise.reject(refusedCss);
      });
      const error = await loadRemoteComponent('reports', module).catch((e: unknown) => e);
      expect(seen).toEqual([STYLE, REFUSED]);
      expect(error).toBeInstanceOf(RemoteLoadError);
      expect((error as RemoteLoadError).stage).toBe('integrity');
      expect(global.fetch).toHaveBeenCalledWith(`${FOLDER}page.0123abcd.css`, {
        cache: 'no-store',
      });
    });

    it('should name the integrity stage and load nothing when the table is not the recorded one', async () => {
      const module = nextModule();
      serveTable(withChunks, true);
      const error = await loadRemoteComponent('reports', module).catch((e: unknown) => e);
      expect((error as RemoteLoadError).stage).toBe('integrity');
      expect(mockedLoad).not.toHaveBeenCalled();
      expect(chunkScript(`${FOLDER}page.0123abcd.js`).integrity).toBe('');
    });

    it('should mark a remote checked by its entry hash alone, so that only a table in its entry loads chunks', async () => {
      const module = nextModule();
      const Screen = () => null;
      serveTable({
        reports: 'https://cdn.example.com/reports/mf-manifest.json',
        integrity: { reports: { entry: ENTRY } },
      });
      mockedLoad.mockResolvedValue({ [module]: Screen });
      await expect(loadRemoteComponent('reports', module)).resolves.toBe(Screen);
      const cdn = 'https://cdn.example.com/reports/page.0123abcd.js';
      expect(chunkScript(cdn, { 'page.0123abcd.js': 'sha384-own' }).integrity).toBe('sha384-own');
      expect(chunkScript(cdn).integrity).toBe(REFUSED);
    });
  });

  it('should name the integrity stage when the manifest downloads but not with its hash', async () => {
    const module = nextModule();
    global.fetch = jest.fn((url: string, init?: RequestInit) =>
      url === '/remotes.json'
        ? Promise.resolve({ ok: true, status: 200, json: () => Promise.resolve(listWithIntegrity) })
        : init?.integrity
          ? Promise.reject(new TypeError('Failed to fetch'))
          : Promise.resolve({ ok: true, status: 200, text: () => Promise.resolve('{}') }),
    ) as unknown as typeof fetch;
    const error = await loadRemoteComponent('reports', module).catch((e: unknown) => e);
    expect((error as RemoteLoadError).stage).toBe('integrity');
    expect(mockedLoad).not.toHaveBeenCalled();
  });
});
