// Runs a benchmark script again on a throw-away PostgreSQL cluster (scripts/with-postgres.sh sets
// TEST_DATABASE_URL for it), with the same Node and loader flags as this process.
import { spawn, type ChildProcess } from 'node:child_process';
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
