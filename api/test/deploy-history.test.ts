// What a deploy keeps so that it can be undone, and what is served when a version's files are
// gone: the remote's own build kept at its first deploy, a canaried old version that can still be
// rolled back to, a served version with missing files reported and never replaced by dist/, and
// a deploy of unchanged inputs that serves the version built from them.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import {
  deployStaged,
  formatVersions,
  hashFolder,
  inputsHash,
  promote,
  rollback,
  stageCopy,
  versionBuiltFrom,
  type CanaryOptions,
} from '../src/releases/deploy.js';
import { readDeployState, releasesDir, versionDir } from '../src/releases/deploy-state.js';
import { webPlugin } from '../src/web/static.js';
import { runDeploy } from './server-process.js';

let webRoot: string;
let builds: string;

function fakeBuild(label: string): string {
  const dir = path.join(builds, label);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify({ name: 'reports', label }));
  writeFileSync(path.join(dir, 'remoteEntry.js'), `var reports = "${label}";`);
  return dir;
}

const INFO = { builtAt: '2026-11-23T07:00:00.000Z', commit: '0123abcd4567', buildSeconds: 9.5 };
const deploy = (label: string, canary?: CanaryOptions, inputs?: string) =>
  deployStaged(
    webRoot,
    'reports',
    stageCopy(webRoot, 'reports', fakeBuild(label)),
    { ...INFO, ...(inputs ? { inputs } : {}) },
    undefined,
    canary,
  ).version;

/** The remote's own build, as `npm run build -w mf-reports` leaves it. */
function ownBuild(label: string): string {
  const dist = path.join(webRoot, 'mf-reports', 'dist');
  cpSync(fakeBuild(label), dist, { recursive: true });
  return hashFolder(dist);
}

/** /remotes.json of a fresh server on the web root, and what the server logged. */
async function remotesJson() {
  const logged: string[] = [];
  const app = Fastify({
    logger: {
      level: 'warn',
      stream: { write: (line: string) => void logged.push(line) },
    },
  });
  await app.register(webPlugin, { webRoot });
  await app.ready();
  try {
    const first = (await app.inject({ method: 'GET', url: '/remotes.json' })).json<{
      reports?: string;
    }>();
    // A second page load says nothing new in the log.
    await app.inject({ method: 'GET', url: '/remotes.json' });
    return { list: first, logged: logged.map((line) => JSON.parse(line) as { msg: string }) };
  } finally {
    await app.close();
  }
}

beforeEach(() => {
  webRoot = mkdtempSync(path.join(tmpdir(), 'deploy-history-'));
  builds = mkdtempSync(path.join(tmpdir(), 'deploy-history-builds-'));
  mkdirSync(path.join(webRoot, 'shell', 'dist'), { recursive: true });
});
afterEach(() => {
  rmSync(webRoot, { recursive: true, force: true });
  rmSync(builds, { recursive: true, force: true });
});

describe("a remote's first deploy", () => {
  it('keeps the build served before it as a version, so it can be rolled back', async () => {
    const before = ownBuild('own');
    expect((await remotesJson()).list.reports).toBe('/remotes/mf-reports/mf-manifest.json');
    const first = deploy('one');
    expect(readDeployState(webRoot, 'reports')?.versions.map((v) => v.version)).toEqual([
      before,
      first,
    ]);
    expect(formatVersions(webRoot, 'reports')).toMatch(new RegExp(`^\\s+${before}\\s.*kept$`, 'm'));

    expect(rollback(webRoot, 'reports')).toEqual({ from: first, to: before });
    expect((await remotesJson()).list.reports).toBe(
      `/remotes/mf-reports/v/${before}/mf-manifest.json`,
    );
    // The kept copy is served even once the remote's own build is rebuilt or removed.
    rmSync(path.join(webRoot, 'mf-reports', 'dist'), { recursive: true });
    expect((await remotesJson()).list.reports).toBe(
      `/remotes/mf-reports/v/${before}/mf-manifest.json`,
    );
  });

  it('keeps one version when the deployed build is the one served before', () => {
    const before = ownBuild('same');
    expect(deploy('same')).toBe(before);
    expect(readDeployState(webRoot, 'reports')?.versions.map((v) => v.version)).toEqual([before]);
  });
});

describe('a canary of an old version', () => {
  it('can still be rolled back to once the canary was rolled back', () => {
    const one = deploy('one');
    const two = deploy('two');
    expect(deploy('one', { share: 10 })).toBe(one);
    expect(rollback(webRoot, 'reports')).toEqual({ from: one, to: two, canary: true });
    expect(rollback(webRoot, 'reports')).toEqual({ from: two, to: one });
  });

  it('keeps its place until promoted, and a new canary rolled back is still skipped', () => {
    const one = deploy('one');
    const two = deploy('two');
    const three = deploy('three', { share: 10 });
    rollback(webRoot, 'reports');
    deploy('one', { share: 10 });
    expect(promote(webRoot, 'reports')).toEqual({ from: two, to: one });
    expect(readDeployState(webRoot, 'reports')?.versions.map((v) => v.version)).toEqual([
      two,
      three,
      one,
    ]);
    // Back from one: three was only ever a canary rolled back, two was served.
    expect(rollback(webRoot, 'reports').to).toBe(two);
  });
});

describe('a served version whose files are missing', () => {
  it('is reported and the remote listed as unavailable, never served from dist/', async () => {
    const one = deploy('one');
    ownBuild('unchecked');
    rmSync(versionDir(webRoot, 'reports', one), { recursive: true });
    const { list, logged } = await remotesJson();
    expect(list.reports).toBeUndefined();
    expect(logged.map((line) => line.msg)).toEqual([
      `mf-reports: the files of served version ${one} are missing; the remote is listed as unavailable (roll back or deploy again)`,
    ]);
    expect(formatVersions(webRoot, 'reports')).toMatch(
      new RegExp(
        `^\\*\\s+${one}\\s.*served, FILES MISSING: not served, the remote shows as unavailable$`,
        'm',
      ),
    );
  });

  it('is listed as unavailable when the deploy state cannot be read, never served from dist/', async () => {
    deploy('one');
    ownBuild('unchecked');
    writeFileSync(path.join(webRoot, 'mf-reports', 'releases', 'state.json'), '{"current": 3');
    const { list, logged } = await remotesJson();
    expect(list.reports).toBeUndefined();
    expect(logged.map((line) => line.msg)).toEqual([
      'mf-reports: its deploy state (releases/state.json) cannot be read; the remote is listed as unavailable, not served from its own build (repair the file, or deploy again)',
    ]);
    expect(formatVersions(webRoot, 'reports')).toBe(
      "mf-reports's deploy state (mf-reports/releases/state.json) cannot be read: the remote is listed as unavailable, not served from mf-reports/dist. Repair the file, or deploy again.",
    );
    // A state that parses but is not one (no served version among the kept) is the same.
    writeFileSync(
      path.join(webRoot, 'mf-reports', 'releases', 'state.json'),
      JSON.stringify({ current: 'aaaaaaaaaaaa', versions: [] }),
    );
    expect((await remotesJson()).list.reports).toBeUndefined();
    // A remote never deployed is still served from its own build.
    rmSync(path.join(webRoot, 'mf-reports', 'releases'), { recursive: true });
    expect((await remotesJson()).list.reports).toBe('/remotes/mf-reports/mf-manifest.json');
  });

  it('sends a canary whose files are missing to the served version, and says so', async () => {
    const one = deploy('one');
    const two = deploy('two', { share: 99 });
    rmSync(versionDir(webRoot, 'reports', two), { recursive: true });
    const logged: string[] = [];
    const app = Fastify({
      logger: { level: 'warn', stream: { write: (line: string) => void logged.push(line) } },
    });
    // A 99% share: most of these 20 users are chosen for the canary.
    await app.register(webPlugin, {
      webRoot,
      userOf: (request) => Promise.resolve(Number(request.headers['x-user'])),
    });
    await app.ready();
    const versions = new Set<string | undefined>();
    for (let user = 1; user <= 20; user += 1) {
      const response = await app.inject({
        method: 'GET',
        url: '/remotes.json',
        headers: { 'x-user': String(user) },
      });
      versions.add(response.json<{ versions?: { reports?: string } }>().versions?.reports);
    }
    await app.close();
    expect([...versions]).toEqual([one]);
    expect(logged.map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual([
      `mf-reports: the files of canary ${two} are missing; its users get the served version`,
    ]);
  });
});

describe('a deploy of unchanged inputs', () => {
  function repository(): string {
    const repo = mkdtempSync(path.join(tmpdir(), 'deploy-inputs-'));
    for (const dir of [
      'mf-reports/src',
      'mf-people/src',
      'shared-ui/src',
      'contract/src',
      'webpack',
    ]) {
      mkdirSync(path.join(repo, dir), { recursive: true });
      writeFileSync(path.join(repo, dir, 'index.ts'), 'export {};\n');
    }
    writeFileSync(path.join(repo, '.gitignore'), 'dist/\nnode_modules/\n');
    execFileSync('git', ['init', '-q'], { cwd: repo });
    return repo;
  }

  it('has the same hash until the remote, a library or the build settings change', () => {
    const repo = repository();
    try {
      const first = inputsHash(repo, 'reports');
      expect(first).toMatch(/^[0-9a-f]{12}$/);
      // Builds, deployed versions and other remotes are not inputs.
      mkdirSync(path.join(repo, 'mf-reports', 'dist'));
      writeFileSync(path.join(repo, 'mf-reports', 'dist', 'main.js'), '1');
      mkdirSync(path.join(repo, 'mf-reports', 'releases'));
      writeFileSync(path.join(repo, 'mf-reports', 'releases', 'state.json'), '{}');
      writeFileSync(path.join(repo, 'mf-people', 'src', 'index.ts'), 'export const a = 1;\n');
      expect(inputsHash(repo, 'reports')).toBe(first);

      writeFileSync(path.join(repo, 'mf-reports', 'src', 'index.ts'), 'export const b = 1;\n');
      const edited = inputsHash(repo, 'reports');
      expect(edited).not.toBe(first);
      writeFileSync(path.join(repo, 'shared-ui', 'src', 'index.ts'), 'export const c = 1;\n');
      expect(inputsHash(repo, 'reports')).not.toBe(edited);
    } finally {
      rmSync(repo, { recursive: true, force: true });
    }
  });

  it("counts the lock file's part the remote's build reads, and the root package.json but its scripts", () => {
    const repo = repository();
    const lock = (apiDriver: string, react: string) => ({
      name: 'root',
      lockfileVersion: 3,
      packages: {
        '': { name: 'root', devDependencies: { typescript: '~5.9.3' } },
        api: { version: '1.0.0', dependencies: { pg: '^8.0.0' } },
        'mf-reports': {
          version: '1.0.0',
          dependencies: { react: '^19.0.0', 'shared-ui': '1.0.0' },
        },
        'shared-ui': { version: '1.0.0', dependencies: { 'react-dom': '^19.0.0' } },
        'node_modules/api': { resolved: 'api', link: true },
        'node_modules/shared-ui': { resolved: 'shared-ui', link: true },
        'node_modules/pg': { version: apiDriver },
        'node_modules/react': { version: react },
        'node_modules/react-dom': { version: react, peerDependencies: { react } },
        'node_modules/typescript': { version: '5.9.3' },
      },
    });
    const write = (file: string, value: unknown) =>
      writeFileSync(path.join(repo, file), JSON.stringify(value));
    try {
      write('package-lock.json', lock('8.1.0', '19.3.1'));
      write('package.json', {
        name: 'root',
        scripts: { a: 'x' },
        devDependencies: { typescript: '~5.9.3' },
      });
      const first = inputsHash(repo, 'reports');
      // The api's own dependency and a root script are not read by the remote's build.
      write('package-lock.json', lock('8.2.0', '19.3.1'));
      write('package.json', {
        name: 'root',
        scripts: { a: 'y', b: 'z' },
        devDependencies: { typescript: '~5.9.3' },
      });
      expect(inputsHash(repo, 'reports')).toBe(first);
      // React (the remote's, and shared-ui's react-dom's peer) is.
      write('package-lock.json', lock('8.2.0', '19.3.2'));
      const newReact = inputsHash(repo, 'reports');
      expect(newReact).not.toBe(first);
      write('package.json', {
        name: 'root',
        scripts: { a: 'y', b: 'z' },
        devDependencies: { typescript: '~6.0.0' },
      });
      expect(inputsHash(repo, 'reports')).not.toBe(newReact);
    } finally {
      rmSync(repo, { recursive: true, force: true });
    }
  });

  it('finds the kept version built from them, and none once its files are gone', () => {
    const one = deploy('one', undefined, 'aaaaaaaaaaaa');
    deploy('two', undefined, 'bbbbbbbbbbbb');
    expect(versionBuiltFrom(webRoot, 'reports', 'aaaaaaaaaaaa')?.version).toBe(one);
    expect(versionBuiltFrom(webRoot, 'reports', 'cccccccccccc')).toBeUndefined();
    // Served again from a copy of itself: no new version, its inputs kept.
    deployStaged(
      webRoot,
      'reports',
      stageCopy(webRoot, 'reports', versionDir(webRoot, 'reports', one)),
      { ...INFO, inputs: 'aaaaaaaaaaaa' },
    );
    const state = readDeployState(webRoot, 'reports');
    expect(state?.current).toBe(one);
    expect(state?.versions).toHaveLength(2);
    rmSync(versionDir(webRoot, 'reports', one), { recursive: true });
    expect(versionBuiltFrom(webRoot, 'reports', 'aaaaaaaaaaaa')).toBeUndefined();
  });

  const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const cli = (...args: string[]) => runDeploy(webRoot, args);

  // Each run starts a TypeScript process: allow for a busy machine.
  it('is not built again by npm run deploy: the version built from them is served', async () => {
    // A version recorded as built from this repository's mf-reports as it is now.
    const inputs = inputsHash(path.resolve(apiDir, '..'), 'reports')!;
    const built = deploy('built', undefined, inputs);
    const other = deploy('other');
    const again = await cli('reports');
    expect(again).toMatchObject({ code: 0, stderr: '' });
    expect(again.stdout).toContain(
      `mf-reports: unchanged since version ${built} (inputs ${inputs}); not rebuilt`,
    );
    expect(again.stdout).toContain(
      `mf-reports: these files are version ${built}, served again (was ${other})`,
    );
    expect(again.stdout).not.toContain('built in');
    let state = readDeployState(webRoot, 'reports');
    expect(state?.current).toBe(built);
    expect(state?.versions.map((v) => v.version)).toEqual([other, built]);

    const unchanged = await cli('reports');
    expect(unchanged.stdout).toContain(
      `mf-reports: unchanged since version ${built} (inputs ${inputs}), which is served; nothing to do`,
    );
    expect(unchanged.stdout).not.toContain('built in');
    state = readDeployState(webRoot, 'reports');
    expect(state?.current).toBe(built);
    expect(state?.versions.map((v) => v.version)).toEqual([other, built]);
    // No version folder was added, and no staging folder is left.
    expect(readdirSync(releasesDir(webRoot, 'reports')).sort()).toEqual(
      [built, other, 'state.json'].sort(),
    );

    const refused = await cli('reports', '--rebuild', '--from', fakeBuild('x'));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      '--rebuild builds the remote; --from deploys a build made elsewhere',
    );
  });
});
