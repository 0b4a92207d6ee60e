// Versioned deploys of a remote: the operations behind `npm run deploy` on fake builds in a
// temporary web root, and what the server then serves (read at request time, no restart).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { rawGet } from './raw-http.js';
import {
  DeployError,
  deployStaged,
  formatVersions,
  hashFolder,
  rollback,
  stageCopy,
  withDeployLock,
} from '../src/releases/deploy.js';
import { readDeployState, releasesDir } from '../src/releases/deploy-state.js';
import { webPlugin } from '../src/web/static.js';

let webRoot: string;
let builds: string;
const open: FastifyInstance[] = [];

/** A fake remote build whose files say which build they are. */
function fakeBuild(label: string): string {
  const dir = path.join(builds, label);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify({ name: 'reports', label }));
  writeFileSync(path.join(dir, 'remoteEntry.js'), `var reports = "${label}";`);
  writeFileSync(path.join(dir, `__federation_expose_IncomeReportPage.${label}.js`), label);
  writeFileSync(path.join(dir, 'remoteEntry.js.map'), '{"sources":["secret source"]}');
  return dir;
}

/** `sha384-<base64>`, computed here independently of the code under test. */
const sha384 = (text: string) => `sha384-${createHash('sha384').update(text).digest('base64')}`;

/** The release record a fake build's files should get: its JavaScript files and its manifest. */
function filesOf(label: string): Record<string, string> {
  return {
    [`__federation_expose_IncomeReportPage.${label}.js`]: sha384(label),
    'mf-manifest.json': sha384(JSON.stringify({ name: 'reports', label })),
    'remoteEntry.js': sha384(`var reports = "${label}";`),
  };
}

/** What /remotes.json adds for a deployed fake build: its integrity and its version. */
const listed = (label: string, version: string) => ({
  integrity: {
    reports: {
      entry: sha384(`var reports = "${label}";`),
      manifest: sha384(JSON.stringify({ name: 'reports', label })),
      // The version's chunk table: its one chunk.
      chunks: sha384(
        JSON.stringify({
          [`__federation_expose_IncomeReportPage.${label}.js`]: sha384(label),
        }),
      ),
    },
  },
  versions: { reports: version },
});

const INFO = { builtAt: '2026-11-23T07:00:00.000Z', commit: '0123abcd4567', buildSeconds: 9.5 };

function deploy(label: string, keep?: number) {
  return deployStaged(
    webRoot,
    'reports',
    stageCopy(webRoot, 'reports', fakeBuild(label)),
    INFO,
    keep,
  );
}

async function server(): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  open.push(app);
  await app.register(webPlugin, { webRoot });
  await app.ready();
  return app;
}

const get = (app: FastifyInstance, url: string) => app.inject({ method: 'GET', url });

beforeEach(() => {
  webRoot = mkdtempSync(path.join(tmpdir(), 'deploys-'));
  builds = mkdtempSync(path.join(tmpdir(), 'deploy-builds-'));
  mkdirSync(path.join(webRoot, 'shell', 'dist'), { recursive: true });
  writeFileSync(path.join(webRoot, 'shell', 'dist', 'index.html'), '<div id="root"></div>');
  writeFileSync(path.join(webRoot, 'secret.txt'), 'not for the web');
});

afterEach(async () => {
  await Promise.all(open.splice(0).map((app) => app.close()));
  rmSync(webRoot, { recursive: true, force: true });
  rmSync(builds, { recursive: true, force: true });
});

describe('deploying a remote', () => {
  it('stores the build as a version named by its hash and serves it', async () => {
    const result = deploy('one');
    expect(result.version).toMatch(/^[0-9a-f]{12}$/);
    expect(result.version).toBe(hashFolder(fakeBuild('one')));
    expect(result).toMatchObject({ reused: false, previous: undefined, pruned: [] });
    expect(readDeployState(webRoot, 'reports')).toEqual({
      current: result.version,
      versions: [{ version: result.version, ...INFO, files: filesOf('one') }],
    });
    // Nothing is left behind in the releases folder but the version and the state.
    expect(readdir(releasesDir(webRoot, 'reports'))).toEqual([result.version, 'state.json']);

    const app = await server();
    const list = await get(app, '/remotes.json');
    expect(list.json()).toEqual({
      reports: `/remotes/mf-reports/v/${result.version}/mf-manifest.json`,
      ...listed('one', result.version),
    });
    const manifest = await get(app, `/remotes/mf-reports/v/${result.version}/mf-manifest.json`);
    expect(manifest.statusCode).toBe(200);
    expect(manifest.json()).toEqual({ name: 'reports', label: 'one' });
    // Every file of a version never changes, its manifest and entry included.
    expect(manifest.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const entry = await get(app, `/remotes/mf-reports/v/${result.version}/remoteEntry.js`);
    expect(entry.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('keeps serving the old version to tabs that loaded it, while the list names the new one', async () => {
    const one = deploy('one');
    const app = await server();
    const two = deploy('two');
    expect(two).toMatchObject({ reused: false, previous: one.version });
    expect((await get(app, '/remotes.json')).json()).toEqual({
      reports: `/remotes/mf-reports/v/${two.version}/mf-manifest.json`,
      ...listed('two', two.version),
    });
    const oldChunk = await get(
      app,
      `/remotes/mf-reports/v/${one.version}/__federation_expose_IncomeReportPage.one.js`,
    );
    expect(oldChunk.statusCode).toBe(200);
    expect(oldChunk.body).toBe('one');
  });

  it('serves an identical build again without storing a second copy', () => {
    const one = deploy('one');
    deploy('two');
    const again = deployStaged(
      webRoot,
      'reports',
      stageCopy(webRoot, 'reports', fakeBuild('one')),
      INFO,
    );
    expect(again).toMatchObject({ version: one.version, reused: true });
    const state = readDeployState(webRoot, 'reports');
    expect(state?.current).toBe(one.version);
    expect(state?.versions.map((v) => v.version)).toHaveLength(2);
    expect(state?.versions.at(-1)?.version).toBe(one.version);
  });

  it('leaves out compressed copies that no longer match their files, so the files themselves are served', async () => {
    const dir = fakeBuild('patched');
    const entry = path.join(dir, 'remoteEntry.js');
    const fresh = 'var reports = "patched";'.repeat(100);
    writeFileSync(entry, 'var reports = "old";'.repeat(100));
    // Copies made from the old file, then the file changed (a hand-patched build).
    writeFileSync(`${entry}.br`, zlib.brotliCompressSync('var reports = "old";'.repeat(100)));
    writeFileSync(`${entry}.gz`, zlib.gzipSync(fresh));
    writeFileSync(entry, fresh);
    writeFileSync(path.join(dir, 'gone.js.br'), zlib.brotliCompressSync('no file beside me'));
    writeFileSync(path.join(dir, 'mf-manifest.json.gz'), 'not gzip at all');

    const result = deployStaged(webRoot, 'reports', stageCopy(webRoot, 'reports', dir), INFO);
    expect(result.droppedCopies).toEqual([
      'gone.js.br',
      'mf-manifest.json.gz',
      'remoteEntry.js.br',
    ]);
    const stored = readdirSync(path.join(releasesDir(webRoot, 'reports'), result.version));
    expect(stored).toContain('remoteEntry.js.gz');
    expect(stored).not.toContain('remoteEntry.js.br');

    const app = await server();
    for (const encoding of ['br', 'gzip']) {
      const answer = await app.inject({
        method: 'GET',
        url: `/remotes/mf-reports/v/${result.version}/remoteEntry.js`,
        headers: { 'accept-encoding': encoding },
      });
      expect(answer.statusCode).toBe(200);
      const body =
        answer.headers['content-encoding'] === 'br'
          ? zlib.brotliDecompressSync(answer.rawPayload)
          : answer.headers['content-encoding'] === 'gzip'
            ? zlib.gunzipSync(answer.rawPayload)
            : answer.rawPayload;
      expect(body.toString()).toBe(fresh);
    }
  });

  it('keeps only the newest versions it is told to keep, and stops serving the others', async () => {
    const versions = ['a1', 'b2', 'c3', 'd4'].map((label) => deploy(label, 2).version);
    const state = readDeployState(webRoot, 'reports');
    expect(state?.versions.map((v) => v.version)).toEqual(versions.slice(2));
    expect(existsSync(path.join(releasesDir(webRoot, 'reports'), versions[0]!))).toBe(false);
    const app = await server();
    const gone = await get(app, `/remotes/mf-reports/v/${versions[0]}/mf-manifest.json`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ message: 'Not found' });
  });

  it('refuses a folder that is not a remote build, changing nothing', () => {
    const empty = path.join(builds, 'empty');
    mkdirSync(empty);
    expect(() => stageCopy(webRoot, 'reports', empty)).toThrow(DeployError);
    expect(readDeployState(webRoot, 'reports')).toBeUndefined();
  });

  it('lets one deploy of a remote run at a time', async () => {
    let inner: unknown;
    await withDeployLock(webRoot, 'reports', async () => {
      inner = await withDeployLock(webRoot, 'reports', () => 'ran').catch((e: unknown) => e);
    });
    expect(inner).toBeInstanceOf(DeployError);
    expect((inner as Error).message).toMatch(/another deploy of mf-reports is running/);
    // Released afterwards.
    await expect(withDeployLock(webRoot, 'reports', () => 'ran')).resolves.toBe('ran');
  });
});

describe('rolling back', () => {
  it('serves the previous version again on the next request, with no restart', async () => {
    const one = deploy('one');
    const two = deploy('two');
    const app = await server();
    expect(rollback(webRoot, 'reports')).toEqual({ from: two.version, to: one.version });
    expect((await get(app, '/remotes.json')).json()).toEqual({
      reports: `/remotes/mf-reports/v/${one.version}/mf-manifest.json`,
      ...listed('one', one.version),
    });
    // The rolled-back version stays served for tabs that loaded it.
    expect((await get(app, `/remotes/mf-reports/v/${two.version}/remoteEntry.js`)).statusCode).toBe(
      200,
    );
  });

  it('goes further back on a second rollback, and refuses when there is nothing older', () => {
    const one = deploy('one');
    const two = deploy('two');
    deploy('three');
    expect(rollback(webRoot, 'reports').to).toBe(two.version);
    expect(rollback(webRoot, 'reports').to).toBe(one.version);
    expect(() => rollback(webRoot, 'reports')).toThrow(
      'mf-reports has no earlier version to roll back to',
    );
    expect(readDeployState(webRoot, 'reports')?.current).toBe(one.version);
  });

  it('skips a version that was rolled back from', () => {
    const one = deploy('one');
    deploy('two');
    rollback(webRoot, 'reports');
    deploy('three');
    expect(rollback(webRoot, 'reports').to).toBe(one.version);
  });

  it('refuses a remote that was never deployed', () => {
    expect(() => rollback(webRoot, 'reports')).toThrow(
      'mf-reports has no deployed versions to roll back',
    );
  });
});

describe('listing versions', () => {
  it('shows every kept version, newest first, with build time, commit and which one is served', () => {
    const one = deploy('one');
    const two = deploy('two');
    rollback(webRoot, 'reports');
    const lines = formatVersions(webRoot, 'reports').split('\n');
    expect(lines[0]).toMatch(/version\s+built \(UTC\)\s+commit\s+build time/);
    expect(lines[1]).toMatch(
      new RegExp(
        `^\\s+${two.version}\\s+2026-11-23 07:00:00\\s+0123abcd4567\\s+9\\.5 s\\s+rolled back$`,
      ),
    );
    expect(lines[2]).toMatch(
      new RegExp(
        `^\\*\\s+${one.version}\\s+2026-11-23 07:00:00\\s+0123abcd4567\\s+9\\.5 s\\s+served$`,
      ),
    );
  });

  it('says so when the remote was never deployed', () => {
    expect(formatVersions(webRoot, 'reports')).toMatch(/^mf-reports has no deployed versions/);
  });
});

describe('serving versions safely', () => {
  it('answers versions that are not kept, malformed or of unknown remotes with a JSON 404', async () => {
    const one = deploy('one');
    // A folder that looks like a version but is not in the state is never served.
    const stray = path.join(releasesDir(webRoot, 'reports'), 'abcdefabcdef');
    mkdirSync(stray);
    writeFileSync(path.join(stray, 'mf-manifest.json'), '{}');
    const app = await server();
    for (const url of [
      '/remotes/mf-reports/v/abcdefabcdef/mf-manifest.json',
      '/remotes/mf-reports/v/state.json/x',
      '/remotes/mf-reports/v/ABCDEF123456/mf-manifest.json',
      `/remotes/mf-people/v/${one.version}/mf-manifest.json`,
      `/remotes/evil/v/${one.version}/mf-manifest.json`,
      `/remotes/mf-reports/v/${one.version}/missing.js`,
      // Source maps stay on the server.
      `/remotes/mf-reports/v/${one.version}/remoteEntry.js.map`,
      `/remotes/mf-reports/v/${one.version}/remoteEntry.js%2Emap`,
    ]) {
      const response = await get(app, url);
      expect({ url, status: response.statusCode }).toEqual({ url, status: 404 });
      expect(response.json()).toMatchObject({ message: 'Not found' });
    }
  });

  it('refuses path traversal out of a version folder', async () => {
    const one = deploy('one');
    const app = await server();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    for (const url of [
      `/remotes/mf-reports/v/${one.version}/../../../../secret.txt`,
      `/remotes/mf-reports/v/${one.version}/%2e%2e/%2e%2e/%2e%2e/%2e%2e/secret.txt`,
      `/remotes/mf-reports/v/${one.version}/..%2f..%2f..%2f..%2fsecret.txt`,
      `/remotes/mf-reports/v/${one.version}/../state.json`,
      `/remotes/mf-reports/v/..%2f..%2f..%2f/secret.txt`,
    ]) {
      const response = await rawGet(port, url);
      expect({ url, refused: [403, 404].includes(response.statusCode) }).toEqual({
        url,
        refused: true,
      });
      expect(response.body).not.toContain('not for the web');
      expect(response.body).not.toContain('"current"');
    }
  });
});

const readdir = (dir: string): string[] => readdirSync(dir).sort();
