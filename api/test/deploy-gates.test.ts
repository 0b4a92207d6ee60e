// The deploy's checks of what a remote was built against (releases/gates.ts), called as
// `npm run deploy` calls them, on fake builds in a web root of their own served by a running app:
// a build made against another contract than the API's, or importing shared-ui names the served
// shell does not export, is refused with a message naming the library and both versions;
// `--force` deploys it anyway and the Activity says so.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  API_CONTRACT_FILE,
  libraryVersion,
  readApiContract,
  runningContract,
  SHELL_SHARED_UI_FILE,
} from '../src/releases/built-against.js';
import { DeployError, formatVersions, stageCopy } from '../src/releases/deploy.js';
import { gatedDeploy, runRemoteChecks } from '../src/releases/gates.js';
import { readDeployState, releasesDir } from '../src/releases/deploy-state.js';
import { activity, ctx, useHealthFixture, webRoot } from './remote-health-fixture.js';

useHealthFixture();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const builds = mkdtempSync(path.join(tmpdir(), 'deploy-gates-builds-'));
afterAll(() => rmSync(builds, { recursive: true, force: true }));

const INFO = { builtAt: '2026-12-01T07:00:00.000Z', commit: '0123abcd4567', buildSeconds: 9.5 };
const SHARED_UI = '1.0.0+5a5a5a5a5a5a';
/** The contract one major version past the running API's, built from other sources (`hash`). */
const nextMajorContract = (hash: string) =>
  `${Number(/^(\d+)\./.exec(runningContract())?.[1]) + 1}.0.0+${hash}`;

/** A fake mf-reports build recording what it was built against, as webpack writes it. */
function fakeBuild(
  label: string,
  contract: string,
  sharedUiImports = ['Button', 'Table'],
  sharedUi = SHARED_UI,
) {
  const dir = path.join(builds, label);
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, 'mf-manifest.json'),
    JSON.stringify({
      name: 'reports',
      label,
      metaData: {
        buildInfo: { builtAgainst: { 'shared-ui': sharedUi, contract }, sharedUiImports },
      },
    }),
  );
  writeFileSync(path.join(dir, 'remoteEntry.js'), `var reports = "${label}";`);
  return stageCopy(webRoot, 'reports', dir);
}

/** The served shell's record of the shared-ui it provides. */
function shellProvides(version: string, exports: string[]) {
  const file = path.join(webRoot, SHELL_SHARED_UI_FILE);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify({ 'shared-ui': version, exports }));
}

/** The message of what `work` threw (a DeployError), or fails. */
function refusal(work: () => unknown): string {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(DeployError);
    return (error as Error).message;
  }
  throw new Error('not refused');
}

const stagings = () =>
  readdirSync(releasesDir(webRoot, 'reports')).filter((f) => f.startsWith('.staging'));

beforeEach(async () => {
  rmSync(path.join(webRoot, 'shell'), { recursive: true, force: true });
  await ctx.app.ready();
});

describe('a deploy checked against what it meets', () => {
  it('compares with the contract the running API noted, the one it loaded', async () => {
    expect(readApiContract(webRoot)).toBe(runningContract());
    expect(runningContract()).toBe(libraryVersion(path.join(root, 'contract')));
    // The same versions the remotes' builds record (webpack/shared.mjs).
    const webBuild = path.join(root, 'webpack', 'shared.mjs');
    const { builtAgainst } = (await import(webBuild)) as {
      builtAgainst: Record<string, string>;
    };
    expect(builtAgainst).toEqual({
      contract: runningContract(),
      'shared-ui': libraryVersion(path.join(root, 'shared-ui')),
    });
    expect(runningContract()).toMatch(/^\d+\.\d+\.\d+\+[0-9a-f]{12}$/);
  });

  it('records the contract and shared-ui a build was made from in its release', () => {
    shellProvides(SHARED_UI, ['Button', 'Table', 'formatMoney']);
    const { version, forced } = gatedDeploy(
      webRoot,
      'reports',
      fakeBuild('one', runningContract()),
      INFO,
    );
    expect(forced).toEqual([]);
    const state = readDeployState(webRoot, 'reports')!;
    expect(state.current).toBe(version);
    expect(state.versions.find((entry) => entry.version === version)).toMatchObject({
      builtAgainst: { contract: runningContract(), 'shared-ui': SHARED_UI },
    });
  });

  it('refuses a build made against another major version of the contract, naming both versions', () => {
    const served = gatedDeploy(
      webRoot,
      'reports',
      fakeBuild('one', runningContract()),
      INFO,
    ).version;
    const drifted = nextMajorContract('0123456789ab');
    const message = refusal(() => gatedDeploy(webRoot, 'reports', fakeBuild('two', drifted), INFO));
    expect(message).toContain(
      `mf-reports was built against contract ${drifted} (needs ^${drifted.split('+')[0]}), the running API has contract ${runningContract()}`,
    );
    expect(message).toContain('--force deploys it anyway');
    // Nothing changed: the served version stays, no staging is left, no Activity note.
    expect(readDeployState(webRoot, 'reports')!.current).toBe(served);
    expect(readDeployState(webRoot, 'reports')!.versions).toHaveLength(1);
    expect(stagings()).toEqual([]);
    expect(existsSync(path.join(releasesDir(webRoot, 'reports'), 'unrecorded.jsonl'))).toBe(false);
  });

  it("accepts a build made against the API's contract version or an older minor of it, whatever its sources' hash", () => {
    writeFileSync(
      path.join(webRoot, API_CONTRACT_FILE),
      JSON.stringify({ contract: '1.4.2+aaaaaaaaaaaa' }),
    );
    try {
      for (const [label, built] of [
        ['same', '1.4.2+bbbbbbbbbbbb'],
        ['older', '1.3.0+cccccccccccc'],
      ] as const) {
        expect(gatedDeploy(webRoot, 'reports', fakeBuild(label, built), INFO).forced).toEqual([]);
      }
      // A build that may use an export added in 1.5.0 needs it.
      const message = refusal(() =>
        gatedDeploy(webRoot, 'reports', fakeBuild('newer', '1.5.0+dddddddddddd'), INFO),
      );
      expect(message).toContain(
        'mf-reports was built against contract 1.5.0+dddddddddddd (needs ^1.5.0), the running API has contract 1.4.2+aaaaaaaaaaaa',
      );
    } finally {
      writeFileSync(
        path.join(webRoot, API_CONTRACT_FILE),
        JSON.stringify({ contract: runningContract() }),
      );
    }
  });

  it("refuses a build made against a shared-ui the shell's copy does not serve", () => {
    shellProvides('1.0.0+4b4b4b4b4b4b', ['Button', 'Table']);
    const built = SHARED_UI.replace(/^1\.0\.0/, '1.1.0');
    const message = refusal(() =>
      gatedDeploy(webRoot, 'reports', fakeBuild('one', runningContract(), ['Button'], built), INFO),
    );
    expect(message).toContain(
      `mf-reports was built against shared-ui ${built} (needs ^1.1.0), the shell's shared-ui is 1.0.0+4b4b4b4b4b4b`,
    );
  });

  it('compares with the API of another contract as that API notes it', () => {
    const other = nextMajorContract('aaaaaaaaaaaa');
    writeFileSync(path.join(webRoot, API_CONTRACT_FILE), JSON.stringify({ contract: other }));
    try {
      const message = refusal(() =>
        gatedDeploy(webRoot, 'reports', fakeBuild('one', runningContract()), INFO),
      );
      expect(message).toContain(`the running API has contract ${other}`);
      const { forced } = gatedDeploy(webRoot, 'reports', fakeBuild('two', other), INFO);
      expect(forced).toEqual([]);
    } finally {
      writeFileSync(
        path.join(webRoot, API_CONTRACT_FILE),
        JSON.stringify({ contract: runningContract() }),
      );
    }
  });

  it("refuses a build that imports shared-ui names the shell's shared-ui does not export", () => {
    shellProvides('1.0.0+4b4b4b4b4b4b', ['Button', 'Table']);
    const message = refusal(() =>
      gatedDeploy(
        webRoot,
        'reports',
        fakeBuild('one', runningContract(), ['Button', 'NewChart', 'Table', 'formatShare']),
        INFO,
      ),
    );
    expect(message).toContain(
      `mf-reports was built against shared-ui ${SHARED_UI} and imports what the shell's shared-ui 1.0.0+4b4b4b4b4b4b does not export: NewChart, formatShare`,
    );
    expect(readDeployState(webRoot, 'reports')).toBeUndefined();
  });

  it('deploys a refused build with --force and notes it in the Activity', async () => {
    shellProvides('1.0.0+4b4b4b4b4b4b', ['Button', 'Table']);
    const drifted = nextMajorContract('0123456789ab');
    const { version, forced } = gatedDeploy(
      webRoot,
      'reports',
      fakeBuild('one', drifted, ['Button', 'NewChart']),
      INFO,
      { force: true },
    );
    expect(forced).toHaveLength(2);
    const entry = readDeployState(webRoot, 'reports')!.versions.find((v) => v.version === version);
    expect(entry).toMatchObject({
      builtAgainst: { contract: drifted, 'shared-ui': SHARED_UI },
      forced,
    });
    expect(formatVersions(webRoot, 'reports')).toMatch(
      new RegExp(`^\\*\\s+${version}\\s.*served, deployed with --force past its checks$`, 'm'),
    );
    expect(await ctx.app.rolloutWatch!.recordCommandChanges()).toBe(1);
    const [line] = await activity('deploy_forced');
    expect(line).toMatchObject({ kind: 'release', recordId: 'mf-reports', actor: null });
    expect(line!.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'version', after: version }),
        expect.objectContaining({ field: 'builtAgainstContract', after: drifted }),
        expect.objectContaining({ field: 'apiContract', after: runningContract() }),
        expect.objectContaining({
          field: 'refusedFor',
          after: expect.stringContaining('does not export: NewChart'),
        }),
        expect.objectContaining({
          field: 'by',
          after: expect.stringMatching(/^npm run deploy \(.+\)$/),
        }),
      ]),
    );
  });

  it('says what it could not compare: a build or a shell that records nothing', () => {
    const dir = path.join(builds, 'bare');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify({ name: 'reports' }));
    const { notCompared, forced } = gatedDeploy(
      webRoot,
      'reports',
      stageCopy(webRoot, 'reports', dir),
      INFO,
    );
    expect(forced).toEqual([]);
    expect(notCompared).toEqual([
      "mf-reports's build records no contract",
      "mf-reports's build records no shared-ui imports",
      'the served shell records no shared-ui exports (built before it did)',
    ]);
  });
});

describe("the remote's own checks before a build", () => {
  /** A workspace like the repository's, whose mf-reports' scripts exit with the codes given. */
  function workspace(typecheck: number, test: number): string {
    const dir = mkdtempSync(path.join(tmpdir(), 'deploy-gates-repo-'));
    mkdirSync(path.join(dir, 'mf-reports'));
    writeFileSync(
      path.join(dir, 'package.json'),
      JSON.stringify({ name: 'repo', private: true, workspaces: ['mf-reports'] }),
    );
    const script = (name: string, code: number) =>
      `node -e "require('fs').writeFileSync('../ran-${name}', ''); process.exit(${code})"`;
    writeFileSync(
      path.join(dir, 'mf-reports', 'package.json'),
      JSON.stringify({
        name: 'mf-reports',
        private: true,
        scripts: { typecheck: script('typecheck', typecheck), test: script('test', test) },
      }),
    );
    return dir;
  }

  it('refuses a remote that does not type-check, before its tests', () => {
    const repo = workspace(2, 0);
    try {
      expect(refusal(() => runRemoteChecks(repo, 'reports'))).toBe(
        'mf-reports does not type-check (npm run typecheck -w mf-reports, see above); nothing was built or deployed',
      );
      expect(existsSync(path.join(repo, 'ran-typecheck'))).toBe(true);
      expect(existsSync(path.join(repo, 'ran-test'))).toBe(false);
    } finally {
      rmSync(repo, { recursive: true, force: true });
    }
  });

  it('refuses a remote whose tests fail, and passes one whose checks pass', () => {
    const failing = workspace(0, 1);
    const passing = workspace(0, 0);
    try {
      expect(refusal(() => runRemoteChecks(failing, 'reports'))).toBe(
        'mf-reports fails its tests (npm run test -w mf-reports, see above); nothing was built or deployed',
      );
      expect(Object.keys(runRemoteChecks(passing, 'reports'))).toEqual(['typecheck', 'test']);
    } finally {
      rmSync(failing, { recursive: true, force: true });
      rmSync(passing, { recursive: true, force: true });
    }
  });
});
