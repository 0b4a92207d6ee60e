// Opens the database: PostgreSQL through `pg` when a URL is configured, otherwise the embedded
// PGlite. Both get the same parsers, the same session time zone and the same migrations.
import { Readable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import {
  Kysely,
  PGliteDialect,
  PostgresDialect,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import type { PoolClient } from 'pg';
import type { Database } from './schema.js';
import { migrate, type MigrationRunner, type MigrationTx } from './migrate.js';
import { lockDataDirectory } from './data-dir-lock.js';

interface Opened {
  handle: DatabaseHandle;
  runMigrations: MigrationRunner;
}

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** PostgreSQL's connection string (another thread may open its own connections); PGlite: none. */
  url?: string;
  /**
   * Runs `work` in one transaction on one connection, with plain SQL: a statement of many
   * commands through `exec`, text results through `query`. Backups and restores use it
   * (src/backup/); it commits when `work` resolves and rolls back when it throws.
   */
  transaction<T>(work: (tx: RawTransaction) => Promise<T>): Promise<T>;
  /** Flushes (PGlite: CHECKPOINT) and closes. */
  close(): Promise<void>;
}

/** Plain SQL inside one transaction (see DatabaseHandle.transaction). */
export interface RawTransaction {
  /** Runs one or more statements without parameters. */
  exec(text: string): Promise<void>;
  /** Runs one statement with parameters and returns its rows. */
  query<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<R[]>;
  /**
   * Runs `COPY ... FROM STDIN` (text format) with the given data. PostgreSQL only: PGlite's
   * transactions have none, and callers insert instead.
   */
  copyFrom?(statement: string, data: string): Promise<void>;
  /**
   * Runs `COPY ... TO STDOUT` and hands on its output as it arrives, as raw bytes (no row
   * objects or strings on the way). PostgreSQL only, like copyFrom.
   */
  copyTo?(statement: string): AsyncIterable<Buffer>;
}

// OIDs: INT8 20, DATE 1082, TIMESTAMP 1114, TIMESTAMPTZ 1184, NUMERIC 1700.
const parsers: Record<number, (value: string) => unknown> = {
  20: (value) => Number(value),
  1082: (value) => value,
  1700: (value) => value,
};

export interface OpenOptions {
  databaseUrl?: string;
  dataDir: string;
  timeZone: string;
  /** Connections in the PostgreSQL pool (default 10); PGlite has one. */
  databasePoolSize?: number;
  /** false opens the database as it is, without applying migrations (backup and restore). */
  migrate?: boolean;
  /**
   * PGlite in memory only: start from this data directory (a tar from PGlite's `dumpDataDir`)
   * instead of an empty one. The API tests start each file from one made after migrating.
   */
  loadDataDir?: Blob;
}

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  const opened = options.databaseUrl
    ? await openPostgres(options.databaseUrl, options.timeZone, options.databasePoolSize ?? 10)
    : await openPglite(options.dataDir, options.timeZone, options.loadDataDir);
  if (options.migrate === false) return opened.handle;
  try {
    await migrate(opened.runMigrations);
  } catch (error) {
    await opened.handle.close();
    throw error;
  }
  return opened.handle;
}

async function openPostgres(
  connectionString: string,
  timeZone: string,
  poolSize: number,
): Promise<Opened> {
  const pg = await import('pg');
  const pool = new pg.default.Pool({
    connectionString,
    max: poolSize,
    options: `-c TimeZone=${timeZone}`,
    types: {
      getTypeParser: ((oid: number, format?: string) =>
        parsers[oid] ?? pg.default.types.getTypeParser(oid, format as 'text')) as never,
    },
  });
  // A connection PostgreSQL ends while it waits idle here (a restart, pg_terminate_backend, an
  // idle timeout, a dropped network path) is dropped by the pool, which opens another when one
  // is needed. Without a listener, node-postgres raises that error as an unhandled event, which
  // stops the process (test/postgres-pool.test.ts).
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const transaction: DatabaseHandle['transaction'] = async (work) => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const result = await work({
        exec: async (text) => void (await client.query(text)),
        query: async <R>(text: string, params?: unknown[]) =>
          (await client.query(text, params)).rows as R[],
        copyFrom: async (statement, data) => {
          const { from } = (await import('pg-copy-streams')).default;
          await pipeline(Readable.from([data]), client.query(from(statement)));
        },
        copyTo: (statement) => copyOut(client, statement),
      });
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  };
  // Kysely ends the pool only once it has run a query of its own; a handle used through
  // `transaction` alone (a backup, a restore) must end it too, or its connections stay open.
  const close = async () => {
    await db.destroy();
    if (!pool.ending) await pool.end();
  };
  return {
    handle: { db, driver: 'postgres', url: connectionString, transaction, close },
    runMigrations: migrationRunner(transaction),
  };
}

/** The bytes of a `COPY ... TO STDOUT` on `client`, pulled as the consumer reads them. */
async function* copyOut(client: PoolClient, statement: string): AsyncGenerator<Buffer> {
  const { to } = (await import('pg-copy-streams')).default;
  const stream = client.query(to(statement));
  try {
    for await (const chunk of stream.iterator({ destroyOnReturn: false })) yield chunk as Buffer;
  } finally {
    // A consumer that stops early (a failed write) leaves the COPY running, and the connection
    // answers nothing else until it ends: the rest is read and dropped, so that the rollback
    // that follows is heard.
    if (!stream.readableEnded && !stream.destroyed) {
      stream.resume();
      await finished(stream).catch(() => undefined);
    }
  }
}

/**
 * A turn of the event loop after each query of the embedded database. PGlite runs a query on
 * this thread and answers through promises alone, so a request's queries one after another, and
 * the work between them, ran as one piece without a turn: a statement's first page (the session,
 * the client, the opening balance, a thousand rows) held every other request some 90 ms, and
 * 300 to 440 ms on a busy machine. With a turn after each answer, the longest piece is one query
 * and what follows it. PostgreSQL's answers come from a socket, and so with turns of their own.
 */
class TurnAfterEachQuery implements KyselyPlugin {
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    return node;
  }

  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    await new Promise((resolve) => setImmediate(resolve));
    return result;
  }
}

async function openPglite(dataDir: string, timeZone: string, loadDataDir?: Blob): Promise<Opened> {
  const { PGlite } = await import('@electric-sql/pglite');
  // pg_trgm backs the journal's text filter (migration 004).
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  if (loadDataDir && dataDir !== 'memory://')
    throw new Error('a data directory archive is loaded into a database in memory only');
  // A directory (not memory://) belongs to one process at a time (data-dir-lock.ts).
  const lock = dataDir.includes('://') ? undefined : await lockDataDirectory(dataDir);
  let pglite: InstanceType<typeof PGlite>;
  try {
    pglite = new PGlite(dataDir, {
      parsers,
      extensions: { pg_trgm },
      ...(loadDataDir ? { loadDataDir } : {}),
    });
    await pglite.waitReady;
    await pglite.query(`SET TIME ZONE '${timeZone.replace(/'/g, "''")}'`);
    // A new WAL segment is not first filled with 16 MB of zeros: in PGlite that was done on the
    // event loop's thread, some 180 ms that held every request whenever a segment filled.
    await pglite.query('SET wal_init_zero = off');
    // ANALYZE samples 300 rows per statistics target unit: at PostgreSQL's 100 it held the event
    // loop 1.05 s on a table of 300,000 entries, at 30 some 0.17 s, with the plans of this
    // application's queries unchanged (db/statistics.ts analyses on this thread).
    await pglite.query('SET default_statistics_target = 30');
  } catch (error) {
    await lock?.release();
    throw error;
  }
  const db = new Kysely<Database>({
    dialect: new PGliteDialect({ pglite }),
    plugins: [new TurnAfterEachQuery()],
  });
  const transaction: DatabaseHandle['transaction'] = (work) =>
    pglite.transaction((tx) =>
      work({
        exec: async (text) => void (await tx.exec(text)),
        query: async <R>(text: string, params?: unknown[]) =>
          (await tx.query<R>(text, params)).rows,
      }),
    );
  const close = async () => {
    if (!pglite.closed) {
      try {
        await pglite.query('CHECKPOINT');
        await db.destroy();
      } finally {
        await lock?.release();
      }
    }
  };
  return {
    handle: { db, driver: 'pglite', transaction, close },
    runMigrations: migrationRunner(transaction),
  };
}

/** The migrations' view of a transaction (migrate.ts). */
export function migrationRunner(transaction: DatabaseHandle['transaction']): MigrationRunner {
  return (work) => transaction((tx) => work(migrationTx(tx)));
}

export function migrationTx(tx: RawTransaction): MigrationTx {
  return {
    exec: (text) => tx.exec(text),
    versions: async () =>
      (await tx.query<{ version: number }>('SELECT version FROM schema_migrations')).map(
        (row) => row.version,
      ),
  };
}
