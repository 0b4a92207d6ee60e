// Importing entries and people from a file (docs/decisions/014-import.md). `analyseImport` reads
// the file, detects its layout and formats, maps the columns and checks every row, writing
// nothing: the preview. The rows are planned in ../imports (plan-entries.ts, plan-people.ts,
// checked by the forms' rules in rules.ts); what the database knows is looked up here. `runImport` does the same with the confirmed choices and writes every
// ready row in one transaction as one entry batch of kind 'import'. The batch's undo (reverseBatch)
// reverses the entries; the hook registered here marks the import undone (so the same file can be
// imported again) and removes the parties it created when nothing refers to them.
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import {
  IMPORT_KIND_FIELDS,
  IMPORT_LIMITS,
  importFieldLabel,
  importMessages,
  nameKey,
  type CreditDebit,
  type DateFormat,
  type EarlierImport,
  type EntryKind,
  type ImportField,
  type ImportKind,
  type ImportMapping,
  type ImportOptions,
  type ImportPreview,
  type ImportRecord,
  type NumberFormat,
  type PreviewRow,
  type ImportProblem,
  centsOf,
  centsText,
} from 'contract';
import type { Db } from '../db/index.js';
import { isoText, personColumns } from '../db/fragments.js';
import { badRequest, conflict, pgCode, PG_UNIQUE_VIOLATION } from '../lib/errors.js';
import { ExactMoney, exactJson } from '../lib/exact-json.js';
import { readImportFile, type Cell, type ReadFile } from '../imports/read-file.js';
import {
  cellText,
  detectDateFormat,
  detectNumberFormat,
  findHeader,
  fitsHeaders,
  guessMapping,
} from '../imports/detect.js';
import { formRules } from '../imports/rules.js';
import { duplicateKey, type EntryPlan, type PersonPlan, type RowReading } from '../imports/plan.js';
import { planEntries } from '../imports/plan-entries.js';
import { personKey, planPeople } from '../imports/plan-people.js';
import { parties } from '../db/parties.js';
import {
  closedThrough,
  createBatch,
  insertEntries,
  lockAccounts,
  lockParties,
  refuseClosedPeriod,
} from '../books/index.js';
import { registerBatchReversal } from './batches.js';

const ENTRY_KINDS: readonly ImportKind[] = ['income', 'expense', 'salary'];
const isEntryKind = (kind: ImportKind): kind is EntryKind => ENTRY_KINDS.includes(kind);

const PREVIEW_ROWS = 20;
/** Problems listed in a preview (the count covers them all). */
const MAX_PROBLEMS = 5000;
/**
 * Header names a preview shows: as many as a mapping can name (its column indexes stop at 999);
 * each name at most 200 characters. The rows are checked against every column all the same.
 */
const PREVIEW_HEADERS = 1000;
const PREVIEW_HEADER_CHARS = 200;
/** New parties a preview names: as many as the options can decide (`parties`). */
const PREVIEW_NEW_PARTIES = 10_000;

export interface ImportInput {
  fileName: string;
  bytes: Buffer;
  options: ImportOptions;
  today: string;
}

interface Analysis {
  preview: ImportPreview;
  headersHash: string;
  mapping: ImportMapping;
  entries: EntryPlan[];
  people: PersonPlan[];
  /** Parties to create: name key -> name as first written. */
  create: Map<string, string>;
  /** The ready rows' sums, in cents (exact however many rows). */
  credit: bigint;
  debit: bigint;
  dateAmbiguous: boolean;
  numberAmbiguous: boolean;
  unmapped: string[];
  undecided: number;
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

async function earlierImport(db: Db, hash: string): Promise<EarlierImport | null> {
  const { rows } = await sql<{ id: number; batch_id: number; file_name: string; at: string }>`
    SELECT i.id, i.batch_id, i.file_name,
           ${isoText('b.created_at')} AS at
    FROM imports i JOIN entry_batches b ON b.id = i.batch_id
    WHERE i.sha256 = ${hash} AND NOT i.undone`.execute(db);
  const row = rows[0];
  return row
    ? {
        id: Number(row.id),
        batchId: Number(row.batch_id),
        fileName: row.file_name,
        createdAt: row.at,
      }
    : null;
}

/** Existing parties of a table by name key; names held twice are ambiguous (null). */
async function partiesByKey(
  db: Db,
  kind: EntryKind,
): Promise<Map<string, { id: number; name: string; suspended: boolean } | null>> {
  const party = parties[kind];
  const { rows } = await sql<{ id: number; name: string; status: string | null }>`
    SELECT id, ${sql.ref(party.name)} AS name,
           ${kind === 'expense' ? sql.ref('status') : sql`NULL`} AS status
    FROM ${sql.table(party.table)} ORDER BY id`.execute(db);
  const byKey = new Map<string, { id: number; name: string; suspended: boolean } | null>();
  for (const row of rows) {
    const key = nameKey(row.name);
    byKey.set(
      key,
      byKey.has(key) ? null : { id: row.id, name: row.name, suspended: row.status === 'Suspended' },
    );
  }
  return byKey;
}

/** Reads, detects, maps and checks; writes nothing. */
export async function analyseImport(db: Db, input: ImportInput): Promise<Analysis> {
  return analyseFile(
    db,
    input,
    await readImportFile(input.fileName, input.bytes, input.options.sheet),
  );
}

/** Detects, maps and checks the rows of a file as read; writes nothing. */
export async function analyseFile(db: Db, input: ImportInput, file: ReadFile): Promise<Analysis> {
  const { options } = input;
  const kind = options.kind;
  const hash = sha256(input.bytes);
  const headerIndex = findHeader(file.rows);
  const headerRow = file.rows[headerIndex];
  if (!headerRow) throw badRequest(importMessages.emptyFile);
  // A header the reader could not trust leaves no column to trust: the file is refused.
  if (headerRow.problem !== undefined) throw badRequest(headerRow.problem);
  const headers = Array.from(
    headerRow.cells,
    (cell, index) => cellText(cell) || `Column ${index + 1}`,
  );
  const rows = file.rows.slice(headerIndex + 1);
  if (rows.length > IMPORT_LIMITS.rows) throw badRequest(importMessages.tooManyRows);
  const headersHash = sha256(JSON.stringify(headers));

  let mapping = options.mapping;
  if (mapping === undefined) {
    const remembered = await db
      .selectFrom('import_mappings')
      .select('mapping')
      .where('headers_sha256', '=', headersHash)
      .where('kind', '=', kind)
      .executeTakeFirst();
    const saved = remembered?.mapping as ImportMapping | undefined;
    mapping = saved && fitsHeaders(saved, headers) ? saved : guessMapping(kind, headers);
  }
  // Only the kind's fields count.
  mapping = Object.fromEntries(
    Object.entries(mapping).filter(([field]) =>
      IMPORT_KIND_FIELDS[kind].includes(field as ImportField),
    ),
  ) as ImportMapping;
  if (!fitsHeaders(mapping, headers)) throw badRequest(importMessages.badOptions);

  const column = (field: ImportField) => mapping[field];
  const cellOf = (cells: Cell[], field: ImportField): Cell => {
    const index = column(field);
    return index === undefined ? '' : (cells[index] ?? '');
  };
  const label = (field: ImportField) => importFieldLabel(kind, field);

  const problems: ImportProblem[] = [];
  const failedLines = new Set<number>();
  const fail = (line: number, reason: string, duplicate = false) => {
    failedLines.add(line);
    problems.push({ line, reason, duplicate });
  };
  // Rows the reader could not trust as read, and rows with a value past the header's last
  // column (a value no column names, which would be lost), are errors and nothing more is read
  // from them.
  const width = headers.length;
  const trusted = rows.filter(({ line, cells, problem }) => {
    if (problem !== undefined) fail(line, problem);
    else if (cells.slice(width).some((cell) => cellText(cell) !== ''))
      fail(line, importMessages.moreCellsThanHeaders(width));
    else return true;
    return false;
  });

  // Formats, from every row's value.
  const dates = isEntryKind(kind)
    ? detectDateFormat(trusted.map((row) => cellOf(row.cells, 'date')))
    : { format: null, candidates: [] };
  const amountFields: ImportField[] = ['amount', 'debit', 'credit'];
  const numbers = isEntryKind(kind)
    ? detectNumberFormat(trusted.flatMap((row) => amountFields.map((f) => cellOf(row.cells, f))))
    : { format: null, candidates: [] };
  const dateFormat: DateFormat | null = options.dateFormat ?? dates.format;
  const numberFormat: NumberFormat | null = options.numberFormat ?? numbers.format;
  const dateAmbiguous = options.dateFormat === undefined && dates.candidates.length > 1;
  const numberAmbiguous = options.numberFormat === undefined && numbers.candidates.length > 1;

  const required: ImportField[] = isEntryKind(kind)
    ? ['date', 'party']
    : IMPORT_KIND_FIELDS[kind].filter((field) => field !== 'companyName' || kind === 'clients');
  const unmapped = required.filter((field) => column(field) === undefined).map(label);
  if (
    isEntryKind(kind) &&
    column('amount') === undefined &&
    column('debit') === undefined &&
    column('credit') === undefined
  )
    unmapped.push(label('amount'));

  const reading: RowReading = {
    kind,
    rows: trusted,
    column,
    cellOf,
    label,
    fail,
    failures: () => problems.length,
    check: formRules(kind),
    ticked: new Set(options.includeDuplicates ?? []),
  };
  let entries: EntryPlan[] = [];
  let people: PersonPlan[] = [];
  let create = new Map<string, string>();
  let newParties = new Map<string, string>();
  let undecided = 0;

  if (isEntryKind(kind)) {
    const party = parties[kind];
    const choices = new Map(
      (options.parties ?? []).map(({ name, choice }) => [nameKey(name), choice]),
    );
    const pickedIds = new Set<number>();
    for (const choice of choices.values()) if ('id' in choice) pickedIds.add(choice.id);
    const picked = new Map<number, { name: string; suspended: boolean }>();
    if (pickedIds.size > 0) {
      const { rows: found } = await sql<{ id: number; name: string; status: string | null }>`
        SELECT id, ${sql.ref(party.name)} AS name,
               ${kind === 'expense' ? sql.ref('status') : sql`NULL`} AS status
        FROM ${sql.table(party.table)} WHERE id IN (${sql.join([...pickedIds])})`.execute(db);
      for (const row of found)
        picked.set(row.id, { name: row.name, suspended: row.status === 'Suspended' });
    }
    ({ entries, create, newParties, undecided } = planEntries(reading, {
      today: input.today,
      closed: await closedThrough(db),
      dateFormat,
      numberFormat,
      parties: await partiesByKey(db, kind),
      choices,
      picked,
    }));
    const { ticked } = reading;

    // Duplicates of entries already recorded (that stand: neither reversed nor a reversal).
    const known = entries.filter((plan) => plan.partyId !== null);
    if (known.length > 0) {
      const days = known.map((plan) => plan.date).sort();
      const { rows: recorded } = await sql<{
        party_id: number;
        entry_date: string;
        credit_debit: CreditDebit;
        amount: string;
        description: string;
      }>`
        SELECT e.party_id, e.entry_date, e.credit_debit, e.amount::text AS amount, e.description
        FROM entries e
        WHERE e.kind = ${kind} AND e.reverses_id IS NULL
          AND e.entry_date BETWEEN ${days[0]} AND ${days[days.length - 1]}
          AND NOT EXISTS (SELECT 1 FROM entries r WHERE r.reverses_id = e.id)`.execute(db);
      const existing = new Set(
        recorded.map((row) =>
          duplicateKey({
            date: row.entry_date,
            partyId: row.party_id,
            newParty: null,
            creditDebit: row.credit_debit,
            cents: centsOf(row.amount),
            description: row.description,
          }),
        ),
      );
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const plan = entries[index]!;
        if (existing.has(duplicateKey(plan)) && !ticked.has(plan.line)) {
          fail(plan.line, importMessages.duplicateEntry, true);
          entries.splice(index, 1);
        }
      }
    }
  } else {
    people = planPeople(reading, await existingPeople(db, kind));
  }

  problems.sort((a, b) => a.line - b.line);
  const ready = isEntryKind(kind) ? entries.length : people.length;
  let credit = 0n;
  let debit = 0n;
  for (const plan of entries) {
    if (plan.creditDebit === 'Credit') credit += plan.cents;
    else debit += plan.cents;
  }
  const columns = isEntryKind(kind)
    ? (['date', 'party', 'creditDebit', 'amount', 'description'] as const).map(label)
    : IMPORT_KIND_FIELDS[kind].map(label);
  const first: PreviewRow[] = isEntryKind(kind)
    ? entries.slice(0, PREVIEW_ROWS).map((plan) => ({
        line: plan.line,
        values: [
          plan.date,
          plan.partyName + (plan.newParty ? ' (new)' : ''),
          plan.creditDebit,
          centsText(plan.cents),
          plan.description,
        ],
      }))
    : people.slice(0, PREVIEW_ROWS).map((plan) => ({
        line: plan.line,
        values: kind === 'expenseTypes' ? [plan.name] : [plan.name, plan.email, plan.extra],
      }));

  const preview: ImportPreview = {
    fileName: input.fileName,
    sha256: hash,
    format: file.format,
    encoding: file.encoding,
    delimiter: file.delimiter,
    sheets: file.sheets,
    sheet: file.sheet,
    headerLine: headerRow.line,
    headers: headers
      .slice(0, PREVIEW_HEADERS)
      .map((name) =>
        name.length > PREVIEW_HEADER_CHARS
          ? `${[...name].slice(0, PREVIEW_HEADER_CHARS - 1).join('')}…`
          : name,
      ),
    mapping,
    dateFormat,
    dateFormats: dates.candidates,
    numberFormat,
    numberFormats: numbers.candidates,
    rows: rows.length,
    ready,
    withErrors: failedLines.size,
    summary: importMessages.summary(ready, failedLines.size),
    columns,
    first,
    problems: problems.slice(0, MAX_PROBLEMS),
    newParties: [...newParties.values()].slice(0, PREVIEW_NEW_PARTIES),
    // As near as a double comes; the route sends the exact sums (previewJson).
    credit: Number(centsText(credit)),
    debit: Number(centsText(debit)),
    earlier: await earlierImport(db, hash),
  };
  return {
    preview,
    headersHash,
    mapping,
    entries,
    people,
    create,
    credit,
    debit,
    dateAmbiguous,
    numberAmbiguous,
    unmapped,
    undecided,
  };
}

/** The preview as JSON text, its totals exact however large. */
export const previewJson = ({ preview, credit, debit }: Analysis): string =>
  exactJson({
    ...preview,
    credit: new ExactMoney(centsText(credit)),
    debit: new ExactMoney(centsText(debit)),
  });

async function existingPeople(
  db: Db,
  kind: 'clients' | 'employees' | 'expenseTypes',
): Promise<Set<string>> {
  if (kind === 'expenseTypes') {
    const rows = await db.selectFrom('expense_types').select('expancetype').execute();
    return new Set(rows.map((row) => personKey(kind, row.expancetype, '', '')));
  }
  if (kind === 'clients') {
    const rows = await db.selectFrom('clients').select(['name', 'email', 'company_name']).execute();
    return new Set(rows.map((row) => personKey(kind, row.name, row.email, row.company_name)));
  }
  const rows = await db.selectFrom('employees').select(['name', 'email', 'number']).execute();
  return new Set(rows.map((row) => personKey('employees', row.name, row.email, row.number)));
}

/** Writes every ready row as one batch, all or nothing. */
export async function runImport(
  db: Db,
  userId: number,
  input: ImportInput,
): Promise<ExactImportRecord> {
  const analysis = await analyseImport(db, input);
  const { preview, options } = { preview: analysis.preview, options: input.options };
  if (analysis.unmapped.length > 0)
    throw badRequest(importMessages.unmapped(analysis.unmapped.join(', ')));
  if (analysis.dateAmbiguous) throw badRequest(importMessages.chooseDateFormat);
  if (analysis.numberAmbiguous) throw badRequest(importMessages.chooseNumberFormat);
  if (preview.earlier) {
    const { id, createdAt, fileName } = preview.earlier;
    throw conflict(importMessages.importedBefore(id, createdAt, fileName));
  }
  if (preview.ready === 0) throw badRequest(importMessages.nothingReady);
  const kind = options.kind;

  try {
    const importId = await db.transaction().execute(async (tx) => {
      // The closing day cannot move under the import (share lock); a day closed since the
      // preview refuses the whole import.
      const earliest = analysis.entries.reduce<string | null>(
        (min, plan) => (min === null || plan.date < min ? plan.date : min),
        null,
      );
      await refuseClosedPeriod(tx, [earliest], 'import');

      const batchId = await createBatch(tx, {
        kind: 'import',
        label: `Import of ${input.fileName}`.slice(0, 500),
        userId,
        details: {
          file: input.fileName,
          sha256: preview.sha256,
          what: kind,
          rows: preview.ready,
          credit: preview.credit,
          debit: preview.debit,
        },
      });
      // First, so that a second import of the same file waits here, then is refused.
      const { id } = await tx
        .insertInto('imports')
        .values({
          batch_id: batchId,
          kind,
          file_name: input.fileName,
          sha256: preview.sha256,
          rows: preview.ready,
          credit: centsText(analysis.credit),
          debit: centsText(analysis.debit),
          mapping: JSON.stringify(analysis.mapping),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const created: { party_kind: 'client' | 'employee' | 'expenseType'; party_id: number }[] = [];

      if (isEntryKind(kind)) {
        const party = parties[kind];
        const newIds = new Map<string, number>();
        // Only the parties a ready row needs.
        const needed = new Set(analysis.entries.map((plan) => plan.newParty));
        for (const [key, name] of analysis.create) {
          if (!needed.has(key)) continue;
          const row =
            kind === 'income'
              ? await tx
                  .insertInto('clients')
                  .values({ name, email: '', company_name: '' })
                  .returning('id')
                  .executeTakeFirstOrThrow()
              : await tx
                  .insertInto('expense_types')
                  .values({ expancetype: name, name_key: nameKey(name), status: 'Active' })
                  .returning('id')
                  .executeTakeFirstOrThrow();
          newIds.set(key, row.id);
          created.push({ party_kind: party.recordKind, party_id: row.id });
        }
        // The existing parties stay as planned until the entries are in: none deleted,
        // renamed or suspended under the import.
        const names = await lockParties(
          tx,
          kind,
          analysis.entries.flatMap((plan) => (plan.partyId === null ? [] : [plan.partyId])),
        );
        await lockAccounts(tx, [options.accountId]);
        await insertEntries(
          tx,
          analysis.entries.map((plan) => {
            const partyId = plan.partyId ?? newIds.get(plan.newParty ?? '');
            if (partyId === undefined) throw new Error('an import row without its party');
            return {
              kind,
              partyId,
              partyName:
                (plan.partyId === null ? undefined : names.get(plan.partyId)) ?? plan.partyName,
              amount: centsText(plan.cents),
              creditDebit: plan.creditDebit,
              description: plan.description,
              date: plan.date,
              accountId: options.accountId,
            };
          }),
          { userId, batchId },
        );
      } else {
        for (let start = 0; start < analysis.people.length; start += 1000) {
          const chunk = analysis.people.slice(start, start + 1000);
          const ids =
            kind === 'clients'
              ? await tx
                  .insertInto('clients')
                  .values(
                    chunk.map((p) => ({ name: p.name, email: p.email, company_name: p.extra })),
                  )
                  .returning('id')
                  .execute()
              : kind === 'employees'
                ? await tx
                    .insertInto('employees')
                    .values(chunk.map((p) => ({ name: p.name, email: p.email, number: p.extra })))
                    .returning('id')
                    .execute()
                : await tx
                    .insertInto('expense_types')
                    .values(
                      chunk.map((p) => ({
                        expancetype: p.name,
                        name_key: nameKey(p.name),
                        status: 'Active' as const,
                      })),
                    )
                    .returning('id')
                    .execute();
          const partyKind =
            kind === 'clients' ? 'client' : kind === 'employees' ? 'employee' : 'expenseType';
          for (const row of ids) created.push({ party_kind: partyKind, party_id: row.id });
        }
      }
      for (let start = 0; start < created.length; start += 1000) {
        await tx
          .insertInto('import_parties')
          .values(created.slice(start, start + 1000).map((row) => ({ import_id: id, ...row })))
          .execute();
      }
      await sql`
        INSERT INTO import_mappings (headers_sha256, kind, mapping, updated_at)
        VALUES (${analysis.headersHash}, ${kind}, ${JSON.stringify(analysis.mapping)}::jsonb, now())
        ON CONFLICT (headers_sha256, kind)
        DO UPDATE SET mapping = EXCLUDED.mapping, updated_at = now()`.execute(tx);
      return Number(id);
    });
    const record = (await listImports(db, importId))[0];
    if (!record) throw new Error('import not found after writing it');
    return record;
  } catch (error) {
    // The same file imported at the same moment: the first one wins, this one names it.
    if (pgCode(error) === PG_UNIQUE_VIOLATION) {
      const earlier = await earlierImport(db, preview.sha256);
      if (earlier)
        throw conflict(
          importMessages.importedBefore(earlier.id, earlier.createdAt, earlier.fileName),
        );
    }
    throw error;
  }
}

type ImportRow = {
  id: number;
  batch_id: number;
  kind: ImportKind;
  file_name: string;
  sha256: string;
  rows: number;
  credit: string;
  debit: string;
  parties: string | number;
  created_at: string;
  reversed_at: string | null;
  reverse_reason: string | null;
  by_id: number | null;
  by_name: string | null;
  by_email: string | null;
  by_former: boolean | null;
};

/** An import as answered: its totals exact however large (exactJson). */
export type ExactImportRecord = Omit<ImportRecord, 'credit' | 'debit'> & {
  credit: ExactMoney;
  debit: ExactMoney;
};

/** Past imports, newest first (or the one asked for). */
export async function listImports(db: Db, id?: number): Promise<ExactImportRecord[]> {
  const { rows } = await sql<ImportRow>`
    SELECT i.id, i.batch_id, i.kind, i.file_name, i.sha256, i.rows,
           i.credit::text AS credit, i.debit::text AS debit,
           (SELECT count(*) FROM import_parties p WHERE p.import_id = i.id) AS parties,
           ${isoText('b.created_at')} AS created_at, ${isoText('b.reversed_at')} AS reversed_at,
           b.reverse_reason,
           ${personColumns('u', 'by')}
    FROM imports i
    JOIN entry_batches b ON b.id = i.batch_id
    LEFT JOIN users u ON u.id = b.created_by
    WHERE ${id === undefined ? sql`true` : sql`i.id = ${id}`}
    ORDER BY i.id DESC
    LIMIT 100`.execute(db);
  return rows.map((row) => ({
    id: Number(row.id),
    batchId: Number(row.batch_id),
    kind: row.kind,
    fileName: row.file_name,
    sha256: row.sha256,
    rows: row.rows,
    credit: new ExactMoney(row.credit),
    debit: new ExactMoney(row.debit),
    partiesCreated: Number(row.parties),
    createdBy:
      row.by_id === null
        ? null
        : {
            id: row.by_id,
            name: row.by_name ?? '',
            email: row.by_email ?? '',
            former: row.by_former === true,
          },
    createdAt: row.created_at,
    reversedAt: row.reversed_at,
    reverseReason: row.reverse_reason,
  }));
}

// Undoing an import: the batch's entries are reversed by reverseBatch; here the import is marked
// undone (the file may be imported again) and the parties it created go when nothing refers to
// them (an entries import's own parties stay: its entries and their reversals refer to them).
registerBatchReversal('import', async (tx, batchId) => {
  const row = await tx
    .updateTable('imports')
    .set({ undone: true })
    .where('batch_id', '=', batchId)
    .returning('id')
    .executeTakeFirst();
  if (!row) return;
  for (const [partyKind, table, column] of [
    ['client', 'clients', 'client_id'],
    ['employee', 'employees', 'employee_id'],
    ['expenseType', 'expense_types', 'expense_type_id'],
  ] as const) {
    await sql`
      DELETE FROM ${sql.table(table)} t
      USING import_parties p
      WHERE p.import_id = ${row.id} AND p.party_kind = ${partyKind} AND t.id = p.party_id
        AND NOT EXISTS (SELECT 1 FROM entries e WHERE ${sql.ref(`e.${column}`)} = t.id)`.execute(
      tx,
    );
  }
});
