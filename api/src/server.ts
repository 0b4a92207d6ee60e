// Starts the server: listens on PORT and shuts down with grace on SIGTERM/SIGINT (stop
// accepting, finish in-flight requests, close the database: PGlite checkpoints first).
import { buildApp } from './app.js';
import { configFromEnv } from './config.js';

import { DataDirectoryInUse } from './db/data-dir-lock.js';

const config = configFromEnv();
const app = await buildApp(config).catch((error: unknown) => {
  // Refused or failed before the server could log: say why plainly and exit non-zero.
  console.error(error instanceof DataDirectoryInUse ? error.message : error);
  process.exit(1);
});
const parsedPort = Number.parseInt(process.env.PORT ?? '', 10);
// PORT=0 asks the system for a free port; unset or not a number means the default.
const port = Number.isNaN(parsedPort) ? 8080 : parsedPort;
const host = process.env.HOST ?? '0.0.0.0';

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

try {
  await app.listen({ port, host });
} catch (error) {
  app.log.error({ err: error }, 'could not start');
  await app.close().catch(() => undefined);
  process.exit(1);
}
