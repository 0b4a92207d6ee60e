// Stops the server started by global-setup (SIGTERM: it checkpoints and closes the database).
import { readFileSync, rmSync } from 'node:fs';
import { stateFile } from './env';

export default async function globalTeardown(): Promise<void> {
  const { pid, dataDir } = JSON.parse(readFileSync(stateFile(), 'utf8')) as {
    pid: number;
    dataDir: string;
  };
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    // already gone
  }
  await new Promise((resolve) => setTimeout(resolve, 1000));
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(stateFile(), { force: true });
}
