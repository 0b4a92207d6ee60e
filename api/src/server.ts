// Starts the server: listens on PORT and HOST (config.ts) and shuts down with grace on SIGTERM/SIGINT (stop
// accepting, finish in-flight requests, close the database: PGlite checkpoints first).
// WORKERS=N (PostgreSQL only) runs N such processes on one port through Node's cluster: every
// piece of shared state (sessions, idempotency keys, login throttles, rate limits) lives in
// the database, so they answer exactly like one process. The app's modules are loaded only by a
// process that serves: the primary of WORKERS=N, and a process refused for its configuration,
// never load them (loading them cost about two seconds of processor time).
import cluster from 'node:cluster';
import { configFromEnv, type AppConfig } from './config.js';
import { runPrimary, workerCount } from './workers.js';

let config: AppConfig;
let workers: number;
try {
  config = configFromEnv();
  workers = workerCount(process.env.WORKERS, config);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

if (workers > 1 && cluster.isPrimary) {
  runPrimary(workers);
} else {
  await serve(config);
}

async function serve(config: AppConfig): Promise<void> {
  const [{ buildApp }, { preloadImages }, { DataDirectoryInUse }] = await Promise.all([
    import('./app.js'),
    import('./files/images.js'),
    import('./db/data-dir-lock.js'),
  ]);
  const app = await buildApp(config).catch((error: unknown) => {
    // Refused or failed before the server could log: say why plainly and exit non-zero.
    console.error(error instanceof DataDirectoryInUse ? error.message : error);
    process.exit(1);
  });
  const { port, host } = config.listen;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  // Which Node answers (the project runs on the one its root package.json declares in `engines`;
  // npm scripts bring it as the `node` devDependency). Logged before "Server listening".
  app.log.info({ node: process.version }, `running on Node ${process.version}`);
  // Before the first request rather than during it (files/images.ts).
  await preloadImages().catch((error: unknown) =>
    app.log.warn({ err: error }, 'the image library could not be loaded'),
  );
  try {
    await app.listen({ port, host });
  } catch (error) {
    app.log.error({ err: error }, 'could not start');
    await app.close().catch(() => undefined);
    process.exit(1);
  }
}
