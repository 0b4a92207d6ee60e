// Runs a benchmark script again on a throw-away PostgreSQL cluster (scripts/with-postgres.sh sets
// TEST_DATABASE_URL for it), with the same Node and loader flags as this process; and collects the
// figures such a run writes.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// api/bench sits two levels below the repository root.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function rerunOnThrowAwayPostgres(
  script: string,
  args: string[],
  database: string,
): ChildProcess {
  return spawn(
    'bash',
    [
      path.join(repoRoot, 'scripts/with-postgres.sh'),
      process.execPath,
      ...process.execArgv,
      script,
      ...args,
    ],
    { stdio: 'inherit', env: { ...process.env, PG_DATABASE: database } },
  );
}

/**
 * Runs `script` again on a throw-away PostgreSQL cluster with `--result <file>`, where the script
 * writes its figures as JSON; resolves with its exit code and the figures, when it got that far.
 */
export function figuresFromThrowAwayPostgres<F>(
  script: string,
  name: string,
): Promise<{ code: number; figures?: F }> {
  const out = path.join(mkdtempSync(path.join(tmpdir(), `bench-${name}-result-`)), 'result.json');
  return new Promise((resolve) => {
    const child = rerunOnThrowAwayPostgres(script, ['--result', out], `office_finance_${name}`);
    const done = (code: number) => {
      let figures: F | undefined;
      try {
        figures = JSON.parse(readFileSync(out, 'utf8')) as F;
      } catch {
        // no figures: the child failed before its report
      }
      rmSync(path.dirname(out), { recursive: true, force: true });
      resolve({ code, figures });
    };
    child.once('error', () => done(1));
    child.once('exit', (code) => done(code ?? 1));
  });
}
