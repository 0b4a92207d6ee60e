// The source commit a deploy records (build-inputs.ts): the remote's commit, marked `-dirty` only
// for uncommitted changes to what its build reads, never for the versions deployed beside it.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sourceCommit } from '../src/releases/deploy.js';

describe('the source commit a deploy records', () => {
  /** A repository with a committed remote, its libraries and the build settings. */
  function repository(): string {
    const repo = mkdtempSync(path.join(tmpdir(), 'deploy-repo-'));
    for (const dir of ['mf-reports/src', 'shared-ui/src', 'contract/src', 'webpack']) {
      mkdirSync(path.join(repo, dir), { recursive: true });
      writeFileSync(path.join(repo, dir, 'index.ts'), 'export {};\n');
    }
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@test.local', ...args], {
        cwd: repo,
        stdio: 'pipe',
      });
    git('init', '-q');
    git('add', '.');
    git('commit', '-q', '-m', 'first');
    return repo;
  }

  it('is not dirty because of versions deployed into the remote’s releases folder', () => {
    const repo = repository();
    try {
      const clean = sourceCommit(repo, 'reports');
      expect(clean).toMatch(/^[0-9a-f]{12}$/);
      // A deploy with the repository as web root writes here; no .gitignore in this repository.
      mkdirSync(path.join(repo, 'mf-reports', 'releases', '0123456789ab'), { recursive: true });
      writeFileSync(path.join(repo, 'mf-reports', 'releases', '0123456789ab', 'main.js'), '1');
      writeFileSync(path.join(repo, 'mf-reports', 'releases', 'state.json'), '{}');
      expect(sourceCommit(repo, 'reports')).toBe(clean);

      writeFileSync(path.join(repo, 'shared-ui', 'src', 'index.ts'), 'export const changed = 1;\n');
      expect(sourceCommit(repo, 'reports')).toBe(`${clean}-dirty`);
    } finally {
      rmSync(repo, { recursive: true, force: true });
    }
  });

  it('is dirty when the remote’s own sources have uncommitted changes', () => {
    const repo = repository();
    try {
      writeFileSync(path.join(repo, 'mf-reports', 'src', 'new.ts'), 'export {};\n');
      expect(sourceCommit(repo, 'reports')).toMatch(/^[0-9a-f]{12}-dirty$/);
    } finally {
      rmSync(repo, { recursive: true, force: true });
    }
  });
});
