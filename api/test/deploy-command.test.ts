// `npm run deploy` itself (deploy-command.ts), run as a process on fake builds in a temporary web
// root: its flags, what it prints and what it refuses. The operations behind it are
// deploys.test.ts's and rollout.test.ts's.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readDeployState } from '../src/releases/deploy-state.js';
import { runDeploy } from './server-process.js';

let webRoot: string;
let builds: string;

/** A fake remote build whose files say which build they are. */
function fakeBuild(label: string): string {
  const dir = path.join(builds, label);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify({ name: 'reports', label }));
  writeFileSync(path.join(dir, 'remoteEntry.js'), `var reports = "${label}";`);
  writeFileSync(path.join(dir, `__federation_expose_IncomeReportPage.${label}.js`), label);
  return dir;
}

/** `npm run deploy -- <args>` against the temporary web root. */
const cli = (...args: string[]) => runDeploy(webRoot, args);

beforeEach(() => {
  webRoot = mkdtempSync(path.join(tmpdir(), 'deploy-command-'));
  builds = mkdtempSync(path.join(tmpdir(), 'deploy-command-builds-'));
  mkdirSync(path.join(webRoot, 'shell', 'dist'), { recursive: true });
  writeFileSync(path.join(webRoot, 'shell', 'dist', 'index.html'), '<div id="root"></div>');
});

afterEach(() => {
  rmSync(webRoot, { recursive: true, force: true });
  rmSync(builds, { recursive: true, force: true });
});

describe('npm run deploy', () => {
  // Each run starts a TypeScript process: allow for a busy machine.
  it('deploys a finished build with --from, lists it and refuses what it cannot do', async () => {
    const deployed = await cli('reports', '--from', fakeBuild('one'));
    expect(deployed.code).toBe(0);
    const version = readDeployState(webRoot, 'reports')?.current;
    expect(deployed.stdout).toContain(`mf-reports: now serving ${version}`);

    const listed = await cli('--list', 'mf-reports');
    expect(listed.stdout).toMatch(new RegExp(`^\\*\\s+${version}\\s.*served$`, 'm'));

    const unknown = await cli('billing');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('unknown remote "billing"');
    expect(existsSync(path.join(webRoot, 'mf-billing'))).toBe(false);

    const badKeep = await cli('reports', '--keep', '0', '--from', fakeBuild('two'));
    expect(badKeep.code).toBe(1);
    expect(badKeep.stderr).toContain('--keep takes a whole number of versions, at least 1');
    expect(readDeployState(webRoot, 'reports')?.current).toBe(version);
  });
});

describe('npm run deploy, staged', () => {
  it('starts a canary, lists it, promotes it, and refuses what it cannot do', async () => {
    expect((await cli('reports', '--from', fakeBuild('one'))).code).toBe(0);
    const first = readDeployState(webRoot, 'reports')!.current;

    const badShare = await cli('reports', '--from', fakeBuild('two'), '--canary', '150');
    expect(badShare.code).toBe(1);
    expect(badShare.stderr).toContain('--canary takes the per cent of users');
    const badAuto = await cli('reports', '--from', fakeBuild('two'), '--auto-promote', '30m');
    expect(badAuto.code).toBe(1);
    expect(badAuto.stderr).toContain('--auto-promote goes with --canary');
    expect(readDeployState(webRoot, 'reports')?.canary).toBeUndefined();

    const started = await cli(
      'reports',
      '--from',
      fakeBuild('two'),
      '--canary',
      '10',
      '--auto-promote',
      '30m',
    );
    expect(started.code).toBe(0);
    const canary = readDeployState(webRoot, 'reports')!.canary!;
    expect(started.stdout).toContain(
      `mf-reports: serving ${canary.version} to 10% of signed-in users, ${first} to the others; served to everyone in 30 min unless rolled back`,
    );
    const listed = await cli('--list', 'reports');
    expect(listed.stdout).toMatch(new RegExp(`${canary.version}\\s.*canary 10%, promoted at `));

    const promoted = await cli('--promote', 'reports');
    expect(promoted.code).toBe(0);
    expect(promoted.stdout).toContain(`mf-reports: now serving ${canary.version} to everyone`);
    const again = await cli('--promote', 'reports');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('mf-reports has no canary to promote');
  });
});
