// `npm run affected -- <target> --since <ref>` (scripts/affected.mjs): lerna's --since sees only
// the files inside the packages, so a change to the root configuration every package is built,
// checked and tested with runs every package.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

interface Affected {
  rootInputs(nxJson: unknown): string[];
  changedRootInputs(ref: string, cwd: string): string[];
  parse(args: string[]): [string, string, string[]] | undefined;
}
const load = async () =>
  (await import(pathToFileURL(path.join(root, 'scripts', 'affected.mjs')).href)) as Affected;

let repo: string;
const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, encoding: 'utf8' });
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
  writeFileSync(path.join(repo, file), text);
};

beforeEach(() => {
  repo = mkdtempSync(path.join(tmpdir(), 'affected-'));
  execFileSync('cp', [path.join(root, 'nx.json'), path.join(repo, 'nx.json')]);
  for (const file of ['tsconfig.base.json', 'jest.web.cjs', 'package-lock.json', 'README.md']) {
    write(file, '{}\n');
  }
  write('mf-reports/src/index.ts', 'export {};\n');
  git('init', '-q');
  git('add', '.');
  git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-q', '-m', 'first');
});
afterEach(() => rmSync(repo, { recursive: true, force: true }));

describe('npm run affected', () => {
  it("takes the root inputs from nx.json's shared and jest inputs, with nx.json and lerna.json", async () => {
    const { rootInputs } = await load();
    expect(
      rootInputs({
        namedInputs: {
          sharedGlobals: ['{workspaceRoot}/tsconfig.base.json', { env: 'CI' }],
          jestConfig: ['{workspaceRoot}/jest.base.cjs'],
          default: ['{projectRoot}/**/*'],
        },
      }),
    ).toEqual(['tsconfig.base.json', 'jest.base.cjs', 'nx.json', 'lerna.json']);
  });

  it('names a root configuration file changed since the ref, committed or not, and nothing else', async () => {
    const { changedRootInputs } = await load();
    write('mf-reports/src/index.ts', 'export const a = 1;\n');
    write('README.md', '# changed\n');
    expect(changedRootInputs('HEAD', repo)).toEqual([]);
    write('tsconfig.base.json', '{ "compilerOptions": {} }\n');
    expect(changedRootInputs('HEAD', repo)).toEqual(['tsconfig.base.json']);
    git('add', '.');
    git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-q', '-m', 'second');
    expect(changedRootInputs('HEAD', repo)).toEqual([]);
    expect(changedRootInputs('HEAD~1', repo)).toEqual(['tsconfig.base.json']);
  });

  it('reads the target, the ref and the rest of the options', async () => {
    const { parse } = await load();
    expect(parse(['build', '--since', 'main', '--scope', 'mf-reports'])).toEqual([
      'build',
      'main',
      ['--scope', 'mf-reports'],
    ]);
    expect(parse(['test', '--since=HEAD~1'])).toEqual(['test', 'HEAD~1', []]);
    expect(parse(['build'])).toBeUndefined();
    expect(parse(['--since', 'main'])).toBeUndefined();
  });
});
