// Stops what global-setup started: the server (SIGTERM: it checkpoints and closes the database)
// and the run's Chromium.
import { readFileSync, rmSync } from 'node:fs';
import { closeBrowserServer } from './browser-server';
import { stateFile, type RunState } from './env';
import { stopServer } from './server';

export default async function globalTeardown(): Promise<void> {
  await closeBrowserServer();
  await stopServer(JSON.parse(readFileSync(stateFile(), 'utf8')) as RunState);
  rmSync(stateFile(), { force: true });
}
