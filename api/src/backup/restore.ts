// Restores a backup file into a database in ONE transaction: the migrations up to the file's
// schema version (on a new database), the rows of every carried table with user triggers off
// (restored rows are exact copies: no closed-period check, no double-counted roll-up), the
// derived tables rebuilt, sequences moved past the highest restored id, then the migrations the
// file predates. Any refusal or failure, a kill included, leaves the target as it was.
//
// A file is restored only when it is signed with the given key and unchanged since (signature.ts):
// one without a signature, signed with another key, or whose signature does not match is
// refused, unless `trustUnsigned`; then the users it holds (e-mail and role) are handed to
// `onUntrustedUsers` as soon as they are read, so the person restoring sees who can sign in.
import { backupMessages } from 'contract';
import { migrationTx, type DatabaseHandle, type RawTransaction } from '../db/index.js';
import { latestSchemaVersion, migrate } from '../db/migrate.js';
import { BackupRefused } from './errors.js';
import { checkBackupFile, readBackupFile } from './file-read.js';
import { type BackupEvent, type BackupHeader, type Row, type TableSummary } from './file.js';
import { signingKeyId, type SignatureCheck } from './signature.js';
import {
  allTables,
  carriedTables,
  LEFT_OUT,
  quoteIdent,
  SEEDED_BY_MIGRATIONS,
  type CarriedTable,
} from './tables.js';

export interface RestoreOptions {
  /** Deletes what the target holds first (in the same transaction) instead of refusing. */
  replace?: boolean;
  passphrase?: string;
  /**
   * The key the file must be signed with (signature.ts: from the two-step key); undefined when
   * this machine has none, and then only `trustUnsigned` restores.
   */
  signingKey: Uint8Array | undefined;
  /** Restores a file whose signature is missing, of another key or does not match. */
  trustUnsigned?: boolean;
  /** Called as each table is restored. */
  onTable?: (summary: TableSummary) => void;
  /**
   * With `trustUnsigned`, for a file that is not signed with the key: its users, once read
   * (before anything is committed), and why the file is not trusted.
   */
  onUntrustedUsers?: (users: RestoredUser[], why: SignatureCheck) => void;
}

/** A user a restored file brings: who can sign in once it is restored. */
export interface RestoredUser {
  email: string;
  role: string;
  /** A former (deleted) user: cannot sign in. */
  former: boolean;
}

export interface RestoreResult {
  header: BackupHeader;
  tables: TableSummary[];
  /** Migrations applied after the rows, for a backup from an older schema. */
  migrated: string[];
  /** What was found of the file's signature (`valid` unless `trustUnsigned` let it through). */
  signature: SignatureCheck;
  /** The file's users, when it was restored without a valid signature. */
  untrustedUsers?: RestoredUser[];
}

/** The signature as far as the header tells it: a file that cannot be valid is refused early. */
function signatureFromHeader(
  header: BackupHeader,
  key: Uint8Array | undefined,
): SignatureCheck | undefined {
  const signedWith = header.signedWith ?? null;
  if (signedWith === null) return { status: 'unsigned' };
  if (!key) return { status: 'no key', key: signedWith };
  const expected = signingKeyId(key);
  if (signedWith !== expected) return { status: 'other key', key: signedWith, expected };
  return undefined;
}

/** Why a file is not restored without `--trust-unsigned`. */
function untrusted(check: SignatureCheck): BackupRefused {
  switch (check.status) {
    case 'unsigned':
      return new BackupRefused(backupMessages.notSigned);
    case 'no key':
      return new BackupRefused(backupMessages.noSigningKey, `signed with key ${check.key}`);
    case 'other key':
      return new BackupRefused(
        backupMessages.otherSigningKey,
        `signed with key ${check.key}, this machine's is ${check.expected}`,
      );
    default:
      return new BackupRefused(backupMessages.signatureMismatch);
  }
}

export async function restoreBackup(
  database: DatabaseHandle,
  file: string,
  options: RestoreOptions,
): Promise<RestoreResult> {
  const events = readBackupFile(file, {
    passphrase: options.passphrase,
    signingKey: options.signingKey,
    batch: 5000,
  });
  try {
    const first = await events.next();
    if (first.done || first.value.kind !== 'header') {
      throw new BackupRefused(backupMessages.notABackup);
    }
    const header = first.value.header;
    const latest = await latestSchemaVersion();
    if (header.schema > latest) {
      throw new BackupRefused(
        backupMessages.newerSchema,
        `the backup has schema version ${header.schema}, this code ${latest}`,
      );
    }
    // Before the target is touched: a file the header already shows cannot be trusted.
    const early = signatureFromHeader(header, options.signingKey);
    if (early && !options.trustUnsigned) throw untrusted(early);
    return await database
      .transaction((tx) => restoreIn(tx, header, events, options, early))
      .catch(async (error: unknown) => {
        // A changed byte can fail a restore before the checksums that would tell it are read (a
        // table the target lacks, a value its column refuses): the file is read through once
        // more, and its own fault, if it has one, is the answer.
        const fault = await checkBackupFile(file, {
          passphrase: options.passphrase,
          signingKey: options.signingKey,
        }).then(
          () => undefined,
          (found: unknown) => (found instanceof BackupRefused ? found : undefined),
        );
        throw fault ?? error;
      });
  } finally {
    await events.return(undefined);
  }
}

async function restoreIn(
  tx: RawTransaction,
  header: BackupHeader,
  events: AsyncGenerator<BackupEvent>,
  options: RestoreOptions,
  early: SignatureCheck | undefined,
): Promise<RestoreResult> {
  await tx.exec("SET LOCAL DateStyle = 'ISO, YMD'; SET LOCAL IntervalStyle = 'postgres'");
  const run = <T>(work: (m: ReturnType<typeof migrationTx>) => Promise<T>) => work(migrationTx(tx));
  const targetVersion = await schemaVersionOf(tx);
  if (targetVersion > header.schema) {
    throw new BackupRefused(
      backupMessages.targetNewerSchema,
      `the target has schema version ${targetVersion}, the backup ${header.schema}`,
    );
  }
  await migrate(run, { upTo: header.schema });

  const tables = await carriedTables(tx);
  if (!options.replace) {
    const holding = await tablesWithRows(tx, tables);
    if (holding.length) {
      throw new BackupRefused(backupMessages.targetNotEmpty, `rows in ${holding.join(', ')}`);
    }
  }
  // Everything but the schema version goes, short-lived and derived tables included; TRUNCATE
  // (unlike DELETE) does not fire the entries' immutability trigger.
  const everything = (await allTables(tx)).filter(
    (t) => LEFT_OUT[t.name]?.why !== 'schema version',
  );
  if (everything.length) {
    await tx.exec(`TRUNCATE ${everything.map((t) => quoteIdent(t.name)).join(', ')}`);
  }
  for (const table of tables) {
    await tx.exec(`ALTER TABLE ${quoteIdent(table.name)} DISABLE TRIGGER USER`);
  }
  // Indexes are built once the rows are in: far faster than keeping each up to date row by row
  // (at a million entries, the text-search indexes most of all). Those that back a constraint
  // (primary keys, which the foreign keys need) stay.
  const indexes = await secondaryIndexes(tx, tables);
  for (const index of indexes) await tx.exec(`DROP INDEX ${index.name}`);

  const byName = new Map(tables.map((t) => [t.name, t]));
  const restored: TableSummary[] = [];
  let insert: string | undefined;
  let copy: string | undefined;
  // With trustUnsigned, the users the file brings are kept to be told.
  const users: RestoredUser[] | undefined = options.trustUnsigned ? [] : undefined;
  let userColumns: { email: number; role: number; deleted: number } | undefined;
  let told = false;
  const tell = (why: SignatureCheck) => {
    if (told || !users) return;
    told = true;
    options.onUntrustedUsers?.(users, why);
  };
  let signature: SignatureCheck | undefined;
  for await (const event of events) {
    if (event.kind === 'table') {
      const target = byName.get(event.name);
      if (!target) {
        throw new BackupRefused(backupMessages.schemaMismatch, `unknown table ${event.name}`);
      }
      insert = insertStatement(target, event.columns);
      copy = copyStatement(target, event.columns);
      const at = (name: string) => event.columns.findIndex((c) => c.name === name);
      userColumns =
        event.name === 'users'
          ? { email: at('email'), role: at('role'), deleted: at('deleted_at') }
          : undefined;
    } else if (event.kind === 'rows') {
      if (users && userColumns) users.push(...event.rows.map(userOf(userColumns)));
      // On PostgreSQL COPY (several times faster); each value goes through its column type's
      // input function either way.
      if (tx.copyFrom) await tx.copyFrom(copy!, copyText(event.rows));
      else await tx.query(insert!, [JSON.stringify(event.rows)]);
    } else if (event.kind === 'end') {
      restored.push(event.summary);
      byName.delete(event.summary.name);
      options.onTable?.(event.summary);
      if (event.summary.name === 'users' && early) tell(early);
    } else if (event.kind === 'manifest') {
      signature = event.signature;
      if (signature.status !== 'valid') {
        // Everything so far rolls back with this refusal.
        if (!options.trustUnsigned) throw untrusted(signature);
        tell(signature);
      }
      if (byName.size) {
        throw new BackupRefused(
          backupMessages.schemaMismatch,
          `the backup lacks ${[...byName.keys()].join(', ')}`,
        );
      }
    }
  }

  if (indexes.length) {
    await tx.exec("SET LOCAL maintenance_work_mem = '256MB'");
    for (const index of indexes) await tx.exec(index.definition);
  }
  // Derived tables are rebuilt where the backup's schema has them; a later migration that adds
  // one fills it itself (migration 019 ends with its rebuild).
  const rebuilds = new Set<string>();
  for (const [name, table] of Object.entries(LEFT_OUT)) {
    if (table.why !== 'derived') continue;
    const [found] = await tx.query<{ exists: boolean }>(
      'SELECT to_regclass($1) IS NOT NULL AS exists',
      [`public.${quoteIdent(name)}`],
    );
    if (found?.exists) rebuilds.add(table.rebuild);
  }
  for (const rebuild of rebuilds) await tx.exec(rebuild);
  for (const table of tables) {
    await tx.exec(`ALTER TABLE ${quoteIdent(table.name)} ENABLE TRIGGER USER`);
  }
  await continueSequences(tx, tables);
  const migrated = await migrate(run);
  if (!signature) throw new BackupRefused(backupMessages.truncated);
  return {
    header,
    tables: restored,
    migrated,
    signature,
    ...(signature.status === 'valid' ? {} : { untrustedUsers: users ?? [] }),
  };
}

/** A users row as e-mail, role and whether the user was deleted. */
const userOf =
  (columns: { email: number; role: number; deleted: number }) =>
  (row: Row): RestoredUser => ({
    email: row[columns.email] ?? '',
    role: row[columns.role] ?? '',
    former: columns.deleted >= 0 && row[columns.deleted] !== null,
  });

async function schemaVersionOf(tx: RawTransaction): Promise<number> {
  const [found] = await tx.query<{ exists: boolean }>(
    `SELECT to_regclass('public.schema_migrations') IS NOT NULL AS exists`,
  );
  if (!found?.exists) return 0;
  const [row] = await tx.query<{ version: number | null }>(
    'SELECT max(version) AS version FROM schema_migrations',
  );
  return Number(row?.version ?? 0);
}

/** The indexes of the carried tables that no constraint owns, with their definitions. */
async function secondaryIndexes(
  tx: RawTransaction,
  tables: CarriedTable[],
): Promise<{ name: string; definition: string }[]> {
  if (!tables.length) return [];
  return tx.query<{ name: string; definition: string }>(
    `SELECT format('%I.%I', n.nspname, ic.relname) AS name,
            pg_get_indexdef(i.indexrelid) AS definition
       FROM pg_index i
       JOIN pg_class ic ON ic.oid = i.indexrelid
       JOIN pg_class t ON t.oid = i.indrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE n.nspname = 'public' AND t.relname = ANY($1::text[])
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)
      ORDER BY t.relname, ic.relname`,
    [tables.map((t) => t.name)],
  );
}

/** Carried tables holding a row that no migration put there. */
async function tablesWithRows(tx: RawTransaction, tables: CarriedTable[]): Promise<string[]> {
  const holding: string[] = [];
  for (const table of tables) {
    const seeded = SEEDED_BY_MIGRATIONS[table.name];
    const [row] = await tx.query<{ any: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM ${quoteIdent(table.name)}${seeded ? ` WHERE NOT (${seeded})` : ''}) AS any`,
    );
    if (row?.any) holding.push(table.name);
  }
  return holding;
}

/**
 * One INSERT of a batch of rows, passed as one JSON array of arrays of text: each value goes
 * through its column type's own input function, so every type reads back exactly as written.
 */
function insertStatement(target: CarriedTable, columns: { name: string; type: string }[]): string {
  const mine = new Map(target.columns.map((c) => [c.name, c.type]));
  const names = columns.map((c) => c.name);
  const same =
    columns.length === target.columns.length &&
    new Set(names).size === names.length &&
    columns.every((c) => mine.get(c.name) === c.type);
  if (!same) {
    throw new BackupRefused(backupMessages.schemaMismatch, `the columns of ${target.name}`);
  }
  const values = columns.map((c, i) => `(r.value->>${i})::${c.type}`).join(', ');
  return (
    `INSERT INTO ${quoteIdent(target.name)} (${names.map(quoteIdent).join(', ')}) ` +
    `OVERRIDING SYSTEM VALUE SELECT ${values} FROM json_array_elements($1::json) AS r`
  );
}

function copyStatement(target: CarriedTable, columns: { name: string }[]): string {
  return `COPY ${quoteIdent(target.name)} (${columns.map((c) => quoteIdent(c.name)).join(', ')}) FROM STDIN`;
}

/** Rows in COPY's text format: tab between values, `\N` for NULL, backslash escapes. */
function copyText(rows: (string | null)[][]): string {
  const escape = (value: string | null) =>
    value === null
      ? '\\N'
      : value.replace(/[\\\n\r\t]/g, (c) =>
          c === '\\' ? '\\\\' : c === '\n' ? '\\n' : c === '\r' ? '\\r' : '\\t',
        );
  let text = '';
  for (const row of rows) text += row.map(escape).join('\t') + '\n';
  return text;
}

/** Every sequence behind a carried table's column continues after its highest value. */
async function continueSequences(tx: RawTransaction, tables: CarriedTable[]): Promise<void> {
  const carried = new Set(tables.map((t) => t.name));
  const owned = await tx.query<{ sequence: string; table: string; column: string }>(
    `SELECT s.relname AS sequence, t.relname AS "table", a.attname AS "column"
       FROM pg_depend d
       JOIN pg_class s ON s.oid = d.objid AND s.relkind = 'S'
       JOIN pg_class t ON t.oid = d.refobjid
       JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = d.refobjsubid
       JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE d.classid = 'pg_class'::regclass AND d.refclassid = 'pg_class'::regclass
        AND d.deptype IN ('a', 'i') AND n.nspname = 'public'`,
  );
  for (const { sequence, table, column } of owned) {
    if (!carried.has(table)) continue;
    await tx.query(
      `SELECT setval($1::regclass, coalesce(max(${quoteIdent(column)}), 0) + 1, false)
         FROM ${quoteIdent(table)}`,
      [`public.${quoteIdent(sequence)}`],
    );
  }
}
