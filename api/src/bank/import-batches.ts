// Writing a statement's lines (issue 39). A statement of up to STATEMENT_LINES_AT_ONCE lines is
// written in the import's one transaction (import.ts). A larger one is answered as soon as its
// file is read and the import recorded ('importing'), and its lines are then written here in
// batches of BATCH_LINES, a short transaction each with a turn of the event loop between: on the
// embedded database a transaction holds every other request, and a 100,000-line statement in one
// took 7 to 48 s. While an import is under way in an account, another import, an undo and
// "reconciled through" are refused there (importUnderWay), so the lines new to the account, and
// the reconciled period they were checked against when the import started, stay as they were
// until its last batch. An import whose batches stopped (its process ended) is 'interrupted': its
// lines written so far stay, counted, and are undone like any import's.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'kysely';
import { accountMessages as m, centsText, type ChainBreak } from 'contract';
import type { Db } from '../db/index.js';
import { audit } from '../lib/audit.js';
import { guardReconciled, type Override } from '../books/reconciled-period.js';
import { conflict } from '../lib/errors.js';
import type { StatementLineRead } from './readers/index.js';

/**
 * Lines a batch writes. At load average 18 to 20 on two cores, a small query every 50 ms waited
 * at most 326 to 812 ms while 30,000 lines were written so (api/bench/statement-import.ts), and
 * 4.5 s behind the same lines in one transaction; 200 lines a batch did no better in that noise.
 */
export const BATCH_LINES = 500;
/** An import that has written no batch for this long stopped with its process. */
const STALLED = sql`interval '2 minutes'`;

/**
 * Refuses (409) while an import is under way in the account; an import that stopped making
 * progress (its process ended) is marked interrupted first. Call with the account locked.
 */
export async function importUnderWay(tx: Db, accountId: number): Promise<void> {
  await sql`
    UPDATE statement_imports SET state = 'interrupted'
    WHERE account_id = ${accountId} AND state = 'importing'
      AND progress_at < now() - ${STALLED}`.execute(tx);
  const { rows } = await sql`
    SELECT 1 FROM statement_imports WHERE account_id = ${accountId} AND state = 'importing'`.execute(
    tx,
  );
  if (rows.length > 0) throw conflict(m.statementImportRunning);
}

/** The SQL of an import's state as shown: an import stalled is interrupted. */
export const shownState = sql<string>`CASE WHEN state = 'importing'
  AND progress_at < now() - ${STALLED} THEN 'interrupted' ELSE state END`;

/**
 * Stores lines `start`.. of the statement (those the account has not got) and records the import
 * as holding each; answers how many were new and the earliest day among them.
 */
export async function writeLines(
  tx: Db,
  accountId: number,
  importId: number,
  lines: readonly StatementLineRead[],
  prints: readonly string[],
  start: number,
): Promise<{ added: number; earliest: string | null }> {
  const { rows } = await sql<{ n: string | number; earliest: string | null }>`
    WITH added AS (
      INSERT INTO statement_lines (account_id, import_id, line_date, amount, description,
                                   reference, bank_balance, fingerprint, position)
      SELECT ${accountId}, ${importId}, u.day, u.amount, u.description, u.reference, u.balance,
             u.fingerprint, u.position
      FROM unnest(${lines.map((l) => l.date)}::date[],
                  ${lines.map((l) => centsText(l.cents))}::numeric[],
                  ${lines.map((l) => l.description)}::text[],
                  ${lines.map((l) => l.reference)}::text[],
                  ${lines.map((l) => (l.balance === null ? null : centsText(l.balance)))}::numeric[],
                  ${prints}::text[],
                  ${lines.map((_, i) => start + i + 1)}::integer[])
           AS u(day, amount, description, reference, balance, fingerprint, position)
      ON CONFLICT (account_id, fingerprint) DO NOTHING
      RETURNING line_date)
    SELECT count(*) AS n, min(line_date)::text AS earliest FROM added`.execute(tx);
  // Every line of the file is held by this import: those stored now and those known.
  await sql`
    INSERT INTO statement_line_imports (line_id, import_id)
    SELECT l.id, ${importId} FROM statement_lines l
    WHERE l.account_id = ${accountId} AND l.fingerprint = ANY(${prints}::text[])
    ON CONFLICT DO NOTHING`.execute(tx);
  return { added: Number(rows[0]?.n ?? 0), earliest: rows[0]?.earliest ?? null };
}

/**
 * The fingerprints the account already has, looked up a few thousand at a time: one query of
 * 100,000 held the embedded database, and so every other request, for its whole length.
 */
export async function knownPrints(
  db: Db,
  accountId: number,
  prints: readonly string[],
): Promise<Set<string>> {
  const known = new Set<string>();
  const STEP = 2000;
  for (let start = 0; start < prints.length; start += STEP) {
    const { rows } = await sql<{ fingerprint: string }>`
      SELECT fingerprint FROM statement_lines
      WHERE account_id = ${accountId}
        AND fingerprint = ANY(${prints.slice(start, start + STEP)}::text[])`.execute(db);
    for (const row of rows) known.add(row.fingerprint);
  }
  return known;
}

/** The earliest day of the lines the account has not got. */
async function earliestNew(
  db: Db,
  accountId: number,
  lines: readonly StatementLineRead[],
  prints: readonly string[],
): Promise<string | null> {
  const known = await knownPrints(db, accountId, prints);
  let earliest: string | null = null;
  lines.forEach((line, i) => {
    if (!known.has(prints[i]!) && (earliest === null || line.date < earliest)) earliest = line.date;
  });
  return earliest;
}

/** An import answered before its work was done: what its activity lines name. */
export interface ImportAfterAnswer {
  accountId: number;
  importId: number;
  fileName: string;
  sha256: string;
  format: string;
  by: Override & { userId: number };
}

export interface BatchedImport extends ImportAfterAnswer {
  chainBreak: ChainBreak | null;
  lines: readonly StatementLineRead[];
  prints: readonly string[];
}

/**
 * Refuses (throws) a statement whose lines new to the account reach into its reconciled period,
 * unless an admin gives a reason (then recorded). Only a statement reaching back that far has
 * its lines looked up.
 */
export async function checkReconciled(db: Db, job: BatchedImport): Promise<void> {
  const { rows } = await sql<{ through: string | null }>`
    SELECT reconciled_through::text AS through FROM accounts WHERE id = ${job.accountId}`.execute(
    db,
  );
  const through = rows[0]?.through ?? null;
  const first = job.lines.reduce((day, line) => (line.date < day ? line.date : day), '9999-12-31');
  const earliest =
    through !== null && first <= through
      ? await earliestNew(db, job.accountId, job.lines, job.prints)
      : null;
  if (earliest !== null)
    await db.transaction().execute((tx) =>
      guardReconciled(tx, [{ accountId: job.accountId, day: earliest }], job.by, {
        statementImported: job.fileName,
      }),
    );
}

/**
 * Checks the reconciled period for a recorded 'importing' import (refused: the import is deleted,
 * nothing having been written, and the refusal thrown); then answers at once and writes the
 * lines in batches, `onDone` hearing how many were added once the last is in.
 */
export async function startBatches(
  db: Db,
  job: BatchedImport,
  onDone: (added: number) => void,
  onFailure: (error: unknown) => void,
): Promise<void> {
  try {
    await checkReconciled(db, job);
  } catch (error) {
    // Nothing written yet: the import goes, and the account is free again.
    await sql`DELETE FROM statement_imports WHERE id = ${job.importId}`.execute(db);
    throw error;
  }
  afterAnswer(db, job, (run) => writeBatches(db, job, run), onDone, onFailure);
}

/**
 * Runs an import's `work` after its call is answered, as one under way in this process: `onDone`
 * hears how many lines it added; a failure (or the server closing) ends it interrupted.
 */
export function afterAnswer(
  db: Db,
  job: ImportAfterAnswer,
  work: (run: Run) => Promise<number>,
  onDone: (added: number) => void,
  onFailure: (error: unknown) => void,
): void {
  const run: Run = { db, stopped: false, written: Promise.resolve() };
  run.written = work(run).then(onDone, async (error: unknown) => {
    await interrupted(db, job).catch(() => undefined);
    if (!run.stopped) onFailure(error);
  });
  underWay.add(run);
  void run.written.finally(() => underWay.delete(run));
}

/** Marks the import interrupted, with an activity line of what it had written. */
async function interrupted(db: Db, job: ImportAfterAnswer): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const { rows } = await sql<{ lines_added: number; lines_known: number }>`
      UPDATE statement_imports SET state = 'interrupted' WHERE id = ${job.importId}
      RETURNING lines_added, lines_known`.execute(tx);
    await audit(tx, {
      actorId: job.by.userId,
      action: 'statement_imported',
      entity: 'statement',
      entityId: job.importId,
      after: {
        accountId: job.accountId,
        fileName: job.fileName,
        sha256: job.sha256,
        format: job.format,
        added: rows[0]?.lines_added ?? 0,
        known: rows[0]?.lines_known ?? 0,
        interrupted: true,
      },
    });
  });
}

export interface Run {
  db: Db;
  /** Set when the server closes: the import stops before its next batch, interrupted. */
  stopped: boolean;
  written: Promise<void>;
}
const underWay = new Set<Run>();

/** Resolves once every import being written in batches in this process has ended. */
export async function importsSettled(): Promise<void> {
  while (underWay.size > 0) await Promise.all([...underWay].map((run) => run.written));
}

/**
 * The server is closing: the imports written on its database stop before their next batch (each
 * marked interrupted, its lines so far kept); resolves once they have.
 */
export async function stopImports(db: Db): Promise<void> {
  const runs = [...underWay].filter((run) => run.db === db);
  for (const run of runs) run.stopped = true;
  await Promise.all(runs.map((run) => run.written));
}

/** Writes the lines a batch at a time; answers how many were added. */
export async function writeBatches(db: Db, job: BatchedImport, run: Run): Promise<number> {
  let added = 0;
  for (let start = 0; start < job.lines.length; start += BATCH_LINES) {
    await nextTurn();
    if (run.stopped) throw new Error('the server closed');
    const lines = job.lines.slice(start, start + BATCH_LINES);
    await db.transaction().execute(async (tx) => {
      const written = await writeLines(
        tx,
        job.accountId,
        job.importId,
        lines,
        job.prints.slice(start, start + BATCH_LINES),
        start,
      );
      added += written.added;
      const done = start + lines.length;
      await sql`
        UPDATE statement_imports SET lines_added = ${added}, lines_known = ${done - added},
               lines_done = ${done}, progress_at = now()
        WHERE id = ${job.importId}`.execute(tx);
    });
  }
  await nextTurn();
  await db.transaction().execute(async (tx) => {
    await sql`UPDATE statement_imports SET state = 'done', progress_at = now()
              WHERE id = ${job.importId}`.execute(tx);
    await audit(tx, {
      actorId: job.by.userId,
      action: 'statement_imported',
      entity: 'statement',
      entityId: job.importId,
      after: {
        accountId: job.accountId,
        fileName: job.fileName,
        sha256: job.sha256,
        format: job.format,
        added,
        known: job.lines.length - added,
        chainBreak: job.chainBreak,
        inBatches: true,
      },
    });
  });
  return added;
}
