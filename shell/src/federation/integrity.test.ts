// The files of a remote verified before they run (integrity.ts, through the loader): the list's
// integrity, the manifest's and entry's hashes, the version's chunk table.
import type * as SharedUi from 'shared-ui';
import {
  RemoteLoadError,
  SHELL_VERSIONS,
  builtAgainst,
  created,
  fetchRemoteList,
  loadRemoteComponent,
  mockedLoad,
  nextModule,
  remoteServed,
  serveList,
} from './loader-test-setup';

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
