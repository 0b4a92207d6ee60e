// Applies the numbered SQL files in ./migrations once each, in order, in one transaction, under
// an advisory lock so that two servers starting at once do not race. A migration file may hold
// many statements, so it runs through the driver's simple-query path, not a prepared statement.
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { ADVISORY_LOCK_KEYS } from './advisory-locks.js';

/** The little a migration needs from a driver, inside one transaction. */
export interface MigrationTx {
  exec(text: string): Promise<void>;
  versions(): Promise<number[]>;
}
export type MigrationRunner = <T>(work: (tx: MigrationTx) => Promise<T>) => Promise<T>;

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const PRELUDE = `
  SELECT pg_advisory_xact_lock(${ADVISORY_LOCK_KEYS.migrations});
  CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
  );`;

/** The numbered migration files, in order. */
export async function migrationFiles(): Promise<{ version: number; file: string }[]> {
  return (await readdir(migrationsDir))
    .filter((f) => /^\d+\.do\..+\.sql$/.test(f))
    .sort()
    .map((file) => ({ version: Number.parseInt(file, 10), file }));
}

/** The schema version this code migrates to: its highest migration number. */
export async function latestSchemaVersion(): Promise<number> {
  return Math.max(0, ...(await migrationFiles()).map((m) => m.version));
}

export interface MigrateOptions {
  /** Applies migrations up to this version only (a restore of an older backup). */
  upTo?: number;
}

export async function migrate(
  run: MigrationRunner,
  options: MigrateOptions = {},
): Promise<string[]> {
  const files = (await migrationFiles()).filter(
    (m) => options.upTo === undefined || m.version <= options.upTo,
  );
  return run(async (tx) => {
    await tx.exec(PRELUDE);
    const done = new Set(await tx.versions());
    const applied: string[] = [];
    for (const { version, file } of files) {
      if (done.has(version)) continue;
      const text = await readFile(path.join(migrationsDir, file), 'utf8');
      await tx.exec(text);
      // The file name is ours (matched above), never user input.
      await tx.exec(
        `INSERT INTO schema_migrations (version, name) VALUES (${version}, '${file.replace(/'/g, "''")}')`,
      );
      applied.push(file);
    }
    return applied;
  });
}
