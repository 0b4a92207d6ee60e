// WORKERS=N: the primary process forks N server processes that share one port (Node's
// cluster hands connections to them in turn). It opens no database itself: each worker runs
// the migrations and the first-admin check, which queue on an advisory lock. A worker that
// dies is replaced; one that dies before it ever listened means the configuration or the
// database is wrong, so the primary stops the others and exits with failure. SIGTERM/SIGINT
// reach every worker, which finish their requests; the primary exits when all have.
import cluster, { type Worker } from 'node:cluster';
import type { AppConfig } from './config.js';

/** How many server processes to run; more than one needs PostgreSQL. */
export function workerCount(
  value: string | undefined,
  config: Pick<AppConfig, 'databaseUrl'>,
): number {
  const text = value?.trim();
  if (!text) return 1;
  const count = /^\d+$/.test(text) ? Number.parseInt(text, 10) : Number.NaN;
  if (!(count >= 1)) throw new Error(`WORKERS must be a whole number of at least 1, not "${text}"`);
  if (count > 1 && !config.databaseUrl) {
    throw new Error(
      `WORKERS=${count} needs PostgreSQL (DATABASE_URL): the embedded database can be opened ` +
        'by one process only. Unset WORKERS, or set DATABASE_URL.',
    );
  }
  return count;
}

/** One log line in the shape of the workers' (pino) lines. */
const log = (level: 'info' | 'error', msg: string, extra: Record<string, unknown> = {}) => {
  const line = JSON.stringify({
    level: level === 'info' ? 30 : 50,
    time: Date.now(),
    pid: process.pid,
    ...extra,
    msg,
  });
  (level === 'info' ? console.log : console.error)(line);
};

const SHUTDOWN_GRACE_MS = 15_000;

export function runPrimary(count: number): void {
  const listened = new WeakSet<Worker>();
  let stopping = false;
  let failed = false;

  const fork = () => {
    const worker = cluster.fork();
    worker.once('listening', () => listened.add(worker));
  };

  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log('info', 'stopping the workers', { signal });
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    const timer = setTimeout(() => {
      log('error', 'workers took too long to stop; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    timer.unref();
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(failed ? 1 : 0);
  };

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (code !== 0) failed = true;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(failed ? 1 : 0);
      return;
    }
    if (!listened.has(worker)) {
      log('error', 'a worker stopped before it could serve; stopping', { code, signal });
      failed = true;
      stop('worker failed to start');
      return;
    }
    log('error', 'a worker stopped; starting another', { code, signal });
    fork();
  });

  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  log('info', `starting ${count} workers`, { workers: count });
  for (let i = 0; i < count; i += 1) fork();
}
