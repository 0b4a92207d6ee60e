// What `npm run backup` and `npm run restore` share: the database they open (as the server
// would, from DATA_DIR or DATABASE_URL, without migrating it), how they name it, and how they
// end: a refusal prints its message and exits 1, never a stack.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { backupMessages } from 'contract';
import { BackupRefused } from '../src/backup/index.js';
import { configFromEnv, type AppConfig } from '../src/config.js';
import { DataDirectoryInUse } from '../src/db/data-dir-lock.js';
import { openDatabase, type DatabaseHandle } from '../src/db/index.js';

/** A path given on the command line, from where the command was typed (npm run changes cwd). */
export const fromCommandLine = (file: string) =>
  path.resolve(process.env.INIT_CWD ?? process.cwd(), file);

export function describeTarget(config: AppConfig): string {
  if (!config.databaseUrl) return `the embedded database in ${path.resolve(config.dataDir)}`;
  try {
    const url = new URL(config.databaseUrl);
    return `the PostgreSQL database ${url.pathname.slice(1)} on ${url.host}`;
  } catch {
    return 'the PostgreSQL database at DATABASE_URL';
  }
}

export async function openForBackup(
  config: AppConfig,
  { mustExist, restore = false }: { mustExist: boolean; restore?: boolean },
): Promise<DatabaseHandle> {
  if (!config.databaseUrl && mustExist && !existsSync(path.join(config.dataDir, 'PG_VERSION'))) {
    throw new BackupRefused(backupMessages.noDatabase, `${describeTarget(config)} does not exist`);
  }
  try {
    return await openDatabase({ ...config, migrate: false });
  } catch (error) {
    if (error instanceof DataDirectoryInUse) {
      const pid = /\(pid (\d+)\)/.exec(error.message)?.[1];
      throw new BackupRefused(
        restore ? backupMessages.embeddedInUseRestore : backupMessages.embeddedInUse,
        `${path.resolve(config.dataDir)}${pid ? ` is held by process ${pid}` : ''}`,
      );
    }
    throw error;
  }
}

export const config = (): AppConfig => configFromEnv();

/** Runs a command's main: refusals print their message, anything else its message too. */
export function run(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      if (error instanceof BackupRefused) {
        console.error(error.message);
      } else {
        const code = (error as NodeJS.ErrnoException)?.code;
        console.error(
          `${backupMessages.writeFailed}: ${(error as Error)?.message ?? String(error)}${code ? ` (${code})` : ''}`,
        );
      }
      process.exit(1);
    },
  );
}

export function usage(text: string): never {
  console.error(text);
  process.exit(2);
}
