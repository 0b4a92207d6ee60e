import type * as Runtime from '@module-federation/enhanced/runtime';
import type * as Federation from './federation';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
  registerPlugins: jest.fn(),
}));

// A fresh copy of the loader per test: it remembers registered remotes and loaded screens.
let mockedLoad: jest.MockedFunction<typeof Runtime.loadRemote>;
let mockedRegister: jest.MockedFunction<typeof Runtime.registerRemotes>;
let LOAD_TIME_LIMIT_MS: number;
let RemoteIncompatibleError: typeof Federation.RemoteIncompatibleError;
let RemoteLoadError: typeof Federation.RemoteLoadError;
let RemoteUnavailableError: typeof Federation.RemoteUnavailableError;
let fetchRemoteList: typeof Federation.fetchRemoteList;
let loadRemoteComponent: typeof Federation.loadRemoteComponent;
let preloadRemoteComponent: typeof Federation.preloadRemoteComponent;
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
  const runtime = jest.requireMock<typeof Runtime>('@module-federation/enhanced/runtime');
  mockedLoad = jest.mocked(runtime.loadRemote);
  mockedRegister = jest.mocked(runtime.registerRemotes);
  ({
    LOAD_TIME_LIMIT_MS,
    RemoteIncompatibleError,
    RemoteLoadError,
    RemoteUnavailableError,
    fetchRemoteList,
    loadRemoteComponent,
    preloadRemoteComponent,
  } = jest.requireActual<typeof Federation>('./federation'));
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  document.head.replaceChildren();
  // As once the shell's runtime provider has run (two tests below load it).
  Object.assign(globalThis, { _FEDERATION_RUNTIME_CORE: {} });
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
    serve({
      list: { reports: '/remotes/mf-reports/v/aaaaaaaaaaaa/mf-manifest.json' },
      manifest: builtAgainst({ 'shared-ui': '2.0.0', contract: SHELL_VERSIONS.contract }),
    });
    const error = await loadRemoteComponent('reports', module).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RemoteIncompatibleError);
    expect(error).toMatchObject({
      remote: 'reports',
      library: 'shared-ui',
      remoteVersion: '2.0.0',
      shellVersion: SHELL_VERSIONS['shared-ui'],
    });
    expect(mockedLoad).not.toHaveBeenCalled();
  });

  it('should accept another minor version of the same major', async () => {
    const module = nextModule();
    const Screen = () => null;
    const [majorVersion] = SHELL_VERSIONS.contract.split('.');
    serve({
      list: { reports: '/remotes/mf-reports/v/bbbbbbbbbbbb/mf-manifest.json' },
      manifest: builtAgainst({ contract: `${majorVersion}.99.0` }),
    });
    mockedLoad.mockResolvedValue({ [module]: Screen });
    await expect(loadRemoteComponent('reports', module)).resolves.toBe(Screen);
  });

  it('should give up on an attempt that exceeds the time limit, then try once more', async () => {
    jest.useFakeTimers();
    const module = nextModule();
    const Screen = () => null;
    serveList({ settings: '/remotes/mf-settings/mf-manifest.json' });
    mockedLoad
      .mockReturnValueOnce(new Promise(() => undefined))
      .mockResolvedValueOnce({ [module]: Screen });
    const load = loadRemoteComponent('settings', module);
    await jest.advanceTimersByTimeAsync(LOAD_TIME_LIMIT_MS + 1);
    await expect(load).resolves.toBe(Screen);
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
    Object.assign(globalThis, { _FEDERATION_RUNTIME_CORE: {} });
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
