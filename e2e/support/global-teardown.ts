// Stops the server started by global-setup (SIGTERM: it checkpoints and closes the database).
import { readFileSync, rmSync } from 'node:fs';
import { stateFile } from './env';
import { stopServer, type RunningServer } from './server';

export default async function globalTeardown(): Promise<void> {
  await stopServer(JSON.parse(readFileSync(stateFile(), 'utf8')) as RunningServer);
  rmSync(stateFile(), { force: true });
}
