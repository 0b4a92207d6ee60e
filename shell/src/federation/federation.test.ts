// The loader (federation.ts): the remote list, loading a screen in stages, the time limit, a
// second attempt, the runtime host it creates. Its checks of the files are integrity.test.ts's.
import type { UserOptions } from '@module-federation/runtime-core';
import type * as React from 'react';
import type * as ReactRouter from 'react-router';
import type * as SharedUi from 'shared-ui';
import {
  LOAD_TIME_LIMIT_MS,
  RemoteIncompatibleError,
  RemoteLoadError,
  RemoteUnavailableError,
  SHELL_VERSIONS,
  builtAgainst,
  created,
  fakeRuntimeCore,
  fetchRemoteList,
  loadRemoteComponent,
  madeGlobal,
  mockedLoad,
  mockedRegister,
  nextModule,
  preloadRemoteComponent,
  registerRemoteList,
  serve,
  serveList,
  waitForScript,
} from './loader-test-setup';

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
    const nextMajor = `${Number(/^(\d+)\./.exec(SHELL_VERSIONS['shared-ui'])?.[1]) + 1}.0.0`;
    serve({
      list: { reports: '/remotes/mf-reports/v/aaaaaaaaaaaa/mf-manifest.json' },
      manifest: builtAgainst({ 'shared-ui': nextMajor, contract: SHELL_VERSIONS.contract }),
    });
    const error = await loadRemoteComponent('reports', module).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RemoteIncompatibleError);
    expect(error).toMatchObject({
      remote: 'reports',
      library: 'shared-ui',
      remoteVersion: nextMajor,
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
