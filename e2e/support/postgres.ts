// A throw-away PostgreSQL cluster for a test: scripts/with-postgres.sh (initdb into a temporary
// folder, a loopback port, trust authentication) runs a command that prints the database URL and
// waits for its standard input to close; closing it stops the server and removes the folder.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './env';

/** True when the PostgreSQL server binaries the script looks for are on this machine. */
export function postgresInstalled(): boolean {
  const debian = '/usr/lib/postgresql';
  const versions = existsSync(debian) ? readdirSync(debian) : [];
  if (versions.some((version) => existsSync(path.join(debian, version, 'bin', 'initdb')))) {
    return true;
  }
  if (process.env.PG_BIN) return existsSync(path.join(process.env.PG_BIN, 'initdb'));
  return (process.env.PATH ?? '')
    .split(path.delimiter)
    .some((dir) => dir !== '' && existsSync(path.join(dir, 'initdb')));
}

export interface ThrowAwayPostgres {
  /** `postgres://postgres@127.0.0.1:<port>/<database>` */
  url: string;
  stop: () => Promise<void>;
}

/** Starts a cluster with one empty database; `stop` removes it. */
export function startPostgres(timeoutMs = 120_000): Promise<ThrowAwayPostgres> {
  const child: ChildProcessWithoutNullStreams = spawn(
    'bash',
    [
      path.join(repoRoot(), 'scripts', 'with-postgres.sh'),
      'sh',
      '-c',
      'echo "database: $TEST_DATABASE_URL"; exec cat >/dev/null',
    ],
    { cwd: repoRoot(), env: { ...process.env, PG_DATABASE: 'office_finance_e2e' } },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    child.stdin.end();
    await exited;
  };
  let log = '';
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  return new Promise<ThrowAwayPostgres>((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`PostgreSQL did not start within ${timeoutMs} ms:\n${log}`));
    }, timeoutMs);
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /^database: (postgres:\/\/\S+)$/m.exec(out)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve({ url, stop });
      }
    });
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`PostgreSQL did not start:\n${log}`));
    });
  });
}
