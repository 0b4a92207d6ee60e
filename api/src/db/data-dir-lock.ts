// One process at a time on a PGlite data directory. PGlite keeps the database in the memory of
// the process that opened it and writes it back on its own schedule, so a second process on
// the same directory sees only what it wrote itself and silently loses acknowledged writes.
//
// On Linux the lock is a listening Unix socket in the abstract namespace, named after the
// directory's real path: binding it is atomic, a second bind fails, and the kernel releases it
// the moment the process ends, however it ends (kill -9 included), so a dead process never
// blocks the next start. The holder answers a connection with its process id, which the refusal
// names. Elsewhere the lock is a file in the directory holding the owner's process id, taken
// with an exclusive create and taken over when that process no longer exists.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/** The refusal: another process has the directory open. */
export class DataDirectoryInUse extends Error {
  constructor(dataDir: string, pid: number | undefined) {
    super(
      `The data directory ${dataDir} is already open in another process` +
        `${pid ? ` (pid ${pid})` : ''}. Only one process at a time may use an embedded ` +
        'database: stop the running server first (npm run seed:demo included), or give this ' +
        'process its own DATA_DIR, or use PostgreSQL (DATABASE_URL) for several processes.',
    );
    this.name = 'DataDirectoryInUse';
  }
}

export interface DataDirectoryLock {
  release(): Promise<void>;
}

/** Takes the lock on `dataDir` (created if missing) or throws DataDirectoryInUse. */
export async function lockDataDirectory(dataDir: string): Promise<DataDirectoryLock> {
  mkdirSync(dataDir, { recursive: true });
  const real = realpathSync(dataDir);
  return process.platform === 'linux' ? socketLock(real) : fileLock(real);
}

async function socketLock(dir: string): Promise<DataDirectoryLock> {
  const name = `\0office-finance-pglite-${createHash('sha256').update(dir).digest('hex')}`;
  const server = net.createServer((socket) => socket.end(`${process.pid}\n`));
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(name, () => resolve());
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    throw new DataDirectoryInUse(dir, await holderOf(name));
  }
  // The lock must not keep the process alive on its own.
  server.unref();
  return { release: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The process id the holder of the lock answers with, if it answers within a second. */
function holderOf(name: string): Promise<number | undefined> {
  return new Promise((resolve) => {
    let text = '';
    const socket = net.connect(name);
    const done = () => {
      socket.destroy();
      const pid = Number.parseInt(text, 10);
      resolve(Number.isInteger(pid) && pid > 0 ? pid : undefined);
    };
    socket.setTimeout(1000, done);
    socket.on('data', (chunk) => (text += chunk.toString()));
    socket.on('end', done);
    socket.on('error', done);
  });
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

async function fileLock(dir: string): Promise<DataDirectoryLock> {
  const file = path.join(dir, 'office-finance.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      return { release: async () => rmSync(file, { force: true }) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let pid: number;
    try {
      pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
    } catch {
      continue; // removed meanwhile: try again
    }
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid)) {
      throw new DataDirectoryInUse(dir, pid);
    }
    rmSync(file, { force: true }); // left by a process that no longer runs
  }
  throw new DataDirectoryInUse(dir, undefined);
}
