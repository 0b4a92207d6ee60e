// Shipping a remote to a few first: the release record of each version's files, the integrity
// /remotes.json carries, and the canary each signed-in user is (or is not) given, stable across
// page loads and server processes; promote and rollback of a canary. The deploy command's flags
// are deploy-command.test.ts's.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { configFromEnv } from '../src/config.js';
import {
  DeployError,
  deployStaged,
  formatVersions,
  parseDuration,
  parseShare,
  promote,
  rollback,
  stageCopy,
} from '../src/releases/deploy.js';
import { readDeployState } from '../src/releases/deploy-state.js';
import { remoteList, userBucket } from '../src/releases/rollout.js';
import { webPlugin } from '../src/web/static.js';
import { bearer, login, setupDatabase, type TestContext } from './helpers.js';

let webRoot: string;
let builds: string;

const sha384 = (text: string) => `sha384-${createHash('sha384').update(text).digest('base64')}`;

function fakeBuild(label: string): string {
  const dir = path.join(builds, label);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify({ name: 'reports', label }));
  writeFileSync(path.join(dir, 'remoteEntry.js'), `var reports = "${label}";`);
  writeFileSync(path.join(dir, 'federation-runtime.js'), `/* runtime ${label} */`);
  writeFileSync(path.join(dir, `page.${label}.js`), `/* page ${label} */`);
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  writeFileSync(path.join(dir, 'assets', `lazy.${label}.js`), `/* lazy ${label} */`);
  writeFileSync(path.join(dir, `page.${label}.css`), `.page{}`);
  return dir;
}

const INFO = { builtAt: '2026-11-23T07:00:00.000Z', commit: '0123abcd4567', buildSeconds: 9.5 };

const deploy = (label: string, canary?: { share: number; autoPromoteMinutes?: number }) =>
  deployStaged(
    webRoot,
    'reports',
    stageCopy(webRoot, 'reports', fakeBuild(label)),
    INFO,
    undefined,
    canary,
  );

beforeEach(() => {
  webRoot = mkdtempSync(path.join(tmpdir(), 'rollout-'));
  builds = mkdtempSync(path.join(tmpdir(), 'rollout-builds-'));
  mkdirSync(path.join(webRoot, 'shell', 'dist'), { recursive: true });
  writeFileSync(path.join(webRoot, 'shell', 'dist', 'index.html'), '<div id="root"></div>');
});

afterEach(() => {
  rmSync(webRoot, { recursive: true, force: true });
  rmSync(builds, { recursive: true, force: true });
});

describe('the release record of a version', () => {
  it('holds the SHA-384 of every JavaScript file, stylesheet and of the manifest, and nothing else', () => {
    const one = deploy('one');
    const record = readDeployState(webRoot, 'reports')?.versions[0]?.files;
    expect(record).toEqual({
      'assets/lazy.one.js': sha384('/* lazy one */'),
      'federation-runtime.js': sha384('/* runtime one */'),
      'mf-manifest.json': sha384(JSON.stringify({ name: 'reports', label: 'one' })),
      'page.one.css': sha384('.page{}'),
      'page.one.js': sha384('/* page one */'),
      'remoteEntry.js': sha384('var reports = "one";'),
    });
    // The chunk table: the chunks and stylesheets the entry's loaders may load (top of the
    // folder, no entries).
    const table = JSON.stringify({
      'page.one.css': sha384('.page{}'),
      'page.one.js': sha384('/* page one */'),
    });
    expect(remoteList(webRoot)).toEqual({
      reports: `/remotes/mf-reports/v/${one.version}/mf-manifest.json`,
      integrity: {
        reports: {
          entry: sha384('var reports = "one";'),
          manifest: sha384(JSON.stringify({ name: 'reports', label: 'one' })),
          chunks: sha384(table),
        },
      },
      versions: { reports: one.version },
    });
  });

  it("serves each kept version's chunk table from its record, with the hash /remotes.json gives", async () => {
    const one = deploy('one');
    const two = deploy('two');
    const server = Fastify();
    await server.register(webPlugin, { webRoot });
    try {
      for (const [label, version] of [
        ['one', one.version],
        ['two', two.version],
      ] as const) {
        const response = await server.inject({
          method: 'GET',
          url: `/remotes/mf-reports/v/${version}/chunk-integrity.json`,
        });
        expect(response.statusCode).toBe(200);
        expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(response.json()).toEqual({
          [`page.${label}.css`]: sha384('.page{}'),
          [`page.${label}.js`]: sha384(`/* page ${label} */`),
        });
      }
      // The served version's table is the one whose hash the list gives.
      const listed = (await server.inject({ method: 'GET', url: '/remotes.json' })).json() as {
        integrity: { reports: { chunks: string } };
      };
      const served = await server.inject({
        method: 'GET',
        url: `/remotes/mf-reports/v/${two.version}/chunk-integrity.json`,
      });
      expect(sha384(served.body)).toBe(listed.integrity.reports.chunks);
      // Not a kept version, or not a remote: nothing.
      for (const url of [
        '/remotes/mf-reports/v/000000000000/chunk-integrity.json',
        `/remotes/mf-nothing/v/${one.version}/chunk-integrity.json`,
      ]) {
        expect((await server.inject({ method: 'GET', url })).statusCode).toBe(404);
      }
    } finally {
      await server.close();
    }
  });

  it('gives no integrity for a remote served from its own build, which no deploy recorded', () => {
    mkdirSync(path.join(webRoot, 'mf-reports', 'dist'), { recursive: true });
    writeFileSync(path.join(webRoot, 'mf-reports', 'dist', 'mf-manifest.json'), '{}');
    expect(remoteList(webRoot)).toEqual({ reports: '/remotes/mf-reports/mf-manifest.json' });
  });

  it('gives REMOTE_<NAME>_SRI beside a remote deployed elsewhere', () => {
    const entry = sha384('var reports = "cdn";');
    const config = configFromEnv({
      REMOTE_REPORTS_URL: 'https://cdn.example.com/reports/mf-manifest.json',
      REMOTE_REPORTS_SRI: entry,
    });
    expect(config.remoteSri).toEqual({ reports: entry });
    expect(
      remoteList(webRoot, { remoteUrls: config.remoteUrls, remoteSri: config.remoteSri }),
    ).toEqual({
      reports: 'https://cdn.example.com/reports/mf-manifest.json',
      integrity: { reports: { entry } },
    });
  });

  it('refuses to start with an integrity value that is not one, or with no URL beside it', () => {
    expect(() =>
      configFromEnv({
        REMOTE_REPORTS_URL: 'https://cdn.example.com/reports/mf-manifest.json',
        REMOTE_REPORTS_SRI: 'md5-abc',
      }),
    ).toThrow('REMOTE_REPORTS_SRI must be an integrity value such as sha384-<base64 digest>');
    expect(() => configFromEnv({ REMOTE_REPORTS_SRI: sha384('x') })).toThrow(
      'REMOTE_REPORTS_SRI is set without REMOTE_REPORTS_URL',
    );
  });
});

describe('a canary', () => {
  it('is listed to the users its share chooses, the same on every read, and to no one signed out', () => {
    const one = deploy('one');
    const two = deploy('two', { share: 50 });
    const state = readDeployState(webRoot, 'reports');
    expect(state?.current).toBe(one.version);
    expect(state?.canary).toMatchObject({ version: two.version, share: 50 });

    const users = Array.from({ length: 200 }, (_, i) => i + 1);
    const chosen = users.filter((id) => userBucket(id, 'reports', two.version) < 50);
    // About half, by a hash of the user, the remote and the version.
    expect(chosen.length).toBeGreaterThan(70);
    expect(chosen.length).toBeLessThan(130);
    for (const id of users) {
      const listed = remoteList(webRoot, { userId: id }).versions?.reports;
      expect(listed).toBe(chosen.includes(id) ? two.version : one.version);
      expect(remoteList(webRoot, { userId: id }).versions?.reports).toBe(listed);
    }
    expect(remoteList(webRoot).versions?.reports).toBe(one.version);
    // The canary's own integrity comes with it.
    const inCanary = remoteList(webRoot, { userId: chosen[0] });
    expect(inCanary.integrity?.reports?.entry).toBe(sha384('var reports = "two";'));
  });

  it('is served to everyone on promote, and to no one on rollback, which skips it later', () => {
    const one = deploy('one');
    const two = deploy('two', { share: 10 });
    expect(() => deploy('three')).toThrow(DeployError);
    expect(() => deploy('three', { share: 5 })).toThrow(
      /mf-reports has a canary running .* promote it or roll it back first/,
    );
    expect(rollback(webRoot, 'reports')).toEqual({
      from: two.version,
      to: one.version,
      canary: true,
    });
    let state = readDeployState(webRoot, 'reports');
    expect(state?.canary).toBeUndefined();
    expect(state?.current).toBe(one.version);
    expect(state?.versions.find((v) => v.version === two.version)?.rolledBack).toBe(true);
    for (const id of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]) {
      expect(remoteList(webRoot, { userId: id }).versions?.reports).toBe(one.version);
    }

    const three = deploy('three', { share: 20 });
    expect(promote(webRoot, 'reports')).toEqual({ from: one.version, to: three.version });
    state = readDeployState(webRoot, 'reports');
    expect(state?.current).toBe(three.version);
    expect(state?.canary).toBeUndefined();
    expect(() => promote(webRoot, 'reports')).toThrow('mf-reports has no canary to promote');
    // A plain rollback goes back past the version the canary was rolled back from.
    expect(rollback(webRoot, 'reports').to).toBe(one.version);
  });

  it('is refused for the version already served, and before any version is served', () => {
    expect(() => deploy('one', { share: 10 })).toThrow(
      'mf-reports has no served version yet: deploy it to everyone first, without --canary',
    );
    const one = deploy('one');
    expect(() => deploy('one', { share: 10 })).toThrow(
      `these files are mf-reports's served version ${one.version}`,
    );
    expect(readDeployState(webRoot, 'reports')?.canary).toBeUndefined();
  });

  it('is listed with its share and when it is promoted by itself', () => {
    const one = deploy('one');
    const two = deployStaged(
      webRoot,
      'reports',
      stageCopy(webRoot, 'reports', fakeBuild('two')),
      INFO,
      undefined,
      { share: 10, autoPromoteMinutes: 30, now: new Date('2026-11-24T08:00:00Z') },
    );
    const lines = formatVersions(webRoot, 'reports').split('\n');
    expect(lines[1]).toMatch(
      new RegExp(`^\\s+${two.version}\\s.*canary 10%, promoted at 2026-11-24 08:30 UTC$`),
    );
    expect(lines[2]).toMatch(new RegExp(`^\\*\\s+${one.version}\\s.*served$`));
  });

  it('reads shares and times as the command takes them', () => {
    expect(parseShare('10')).toBe(10);
    expect(parseShare('50%')).toBe(50);
    for (const bad of ['0', '100', '-5', '1.5', 'ten', '']) expect(parseShare(bad)).toBeUndefined();
    expect(parseDuration('30m')).toBe(30);
    expect(parseDuration('2h')).toBe(120);
    expect(parseDuration('45')).toBe(45);
    for (const bad of ['0m', '30s', '8d', 'soon', '99999h']) {
      expect(parseDuration(bad)).toBeUndefined();
    }
  });
});

describe('/remotes.json for signed-in users', () => {
  let setup: Awaited<ReturnType<typeof setupDatabase>>;
  let ctx: TestContext;
  /** The app's web root, fixed when the app is built; each test deploys into it afresh. */
  const appRoot = mkdtempSync(path.join(tmpdir(), 'rollout-app-'));
  beforeAll(async () => {
    setup = await setupDatabase({ webRoot: appRoot });
  });
  beforeEach(() => {
    rmSync(webRoot, { recursive: true, force: true });
    rmSync(appRoot, { recursive: true, force: true });
    mkdirSync(appRoot);
    webRoot = appRoot;
  });
  afterAll(async () => {
    await setup.close();
  });

  it('gives two users on a 50% canary different versions, the same from two processes and on every load', async () => {
    ctx = await setup.reset();
    const one = deploy('one');
    const two = deploy('two', { share: 50 });
    // Users until one lands on each side of the share.
    const admin = await login(ctx.app, {
      email: ctx.config.adminEmail,
      password: ctx.config.adminPassword!,
    });
    const people: { id: number; token: string; canary: boolean }[] = [];
    for (let n = 1; n <= 12; n += 1) {
      const email = `clerk${n}@test.local`;
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/users/register',
        headers: bearer(admin),
        payload: { name: `Clerk ${n}`, email, password: 'clerk-password-1', role: 'staff' },
      });
      expect(created.statusCode).toBe(201);
      const token = await login(ctx.app, { email, password: 'clerk-password-1' });
      const me = await ctx.app.inject({
        method: 'GET',
        url: '/api/sessions/current',
        headers: bearer(token),
      });
      const id =
        me.statusCode === 200 ? (me.json() as { user: { id: number } }).user.id : undefined;
      if (id === undefined) continue;
      people.push({ id, token, canary: userBucket(id, 'reports', two.version) < 50 });
    }
    const inCanary = people.find((person) => person.canary);
    const outside = people.find((person) => !person.canary);
    expect(inCanary).toBeDefined();
    expect(outside).toBeDefined();

    // Two servers on one web root and one database, as two processes would be.
    const other = Fastify({ logger: false });
    await other.register(webPlugin, {
      webRoot,
      userOf: async (request) => {
        const header = request.headers.authorization ?? '';
        const token = header.replace(/^Bearer /, '');
        const me = await ctx.app.inject({
          method: 'GET',
          url: '/api/sessions/current',
          headers: bearer(token),
        });
        return me.statusCode === 200 ? (me.json() as { user: { id: number } }).user.id : undefined;
      },
    });
    await other.ready();
    try {
      for (const server of [ctx.app, other, ctx.app]) {
        for (const person of [inCanary!, outside!]) {
          const response = await server.inject({
            method: 'GET',
            url: '/remotes.json',
            headers: bearer(person.token),
          });
          expect(response.statusCode).toBe(200);
          expect(response.headers['cache-control']).toBe('no-cache');
          const body = response.json() as { reports: string; versions: { reports: string } };
          const version = person.canary ? two.version : one.version;
          expect(body.versions.reports).toBe(version);
          expect(body.reports).toBe(`/remotes/mf-reports/v/${version}/mf-manifest.json`);
        }
      }
      // Signed out, or with a token that is no session: the served version.
      for (const headers of [{}, bearer('not-a-session')]) {
        const response = await ctx.app.inject({ method: 'GET', url: '/remotes.json', headers });
        expect(response.statusCode).toBe(200);
        expect((response.json() as { versions: { reports: string } }).versions.reports).toBe(
          one.version,
        );
      }
    } finally {
      await other.close();
    }
  });
});
