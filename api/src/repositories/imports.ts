// Importing entries and people from a file (docs/decisions/014-import.md). `analyseImport` reads
// the file, detects its layout and formats, maps the columns and checks every row, writing
// nothing: the preview. `runImport` does the same with the confirmed choices and writes every
// ready row in one transaction as one entry batch of kind 'import'. The batch's undo (reverseBatch)
// reverses the entries; the hook registered here marks the import undone (so the same file can be
// imported again) and removes the parties it created when nothing refers to them.
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import {
  IMPORT_KIND_FIELDS,
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
} from 'contract';
import type { Db } from '../db/index.js';
import { badRequest, conflict, pgCode, PG_UNIQUE_VIOLATION } from '../lib/errors.js';
import { ExactMoney, exactJson } from '../lib/exact-json.js';
import { toNumericString } from '../lib/money.js';
import { readImportFile, type Cell, type ReadFile } from '../imports/read-file.js';
import {
  cellText,
  detectDateFormat,
  detectNumberFormat,
  findHeader,
  fitsHeaders,
  guessMapping,
  parseAmount,
  parseDate,
} from '../imports/detect.js';
import { formRules, newPartyRule } from '../imports/rules.js';
import { closedThrough } from './entries.js';
import { createBatch, registerBatchReversal } from './batches.js';

const ENTRY_KINDS: readonly ImportKind[] = ['income', 'expense', 'salary'];
const isEntryKind = (kind: ImportKind): kind is EntryKind => ENTRY_KINDS.includes(kind);

/** The party table of each entry kind. */
const PARTY = {
  income: { table: 'clients', name: 'name', column: 'client_id', kind: 'client' },
  salary: { table: 'employees', name: 'name', column: 'employee_id', kind: 'employee' },
  expense: {
    table: 'expense_types',
    name: 'expancetype',
    column: 'expense_type_id',
    kind: 'expenseType',
  },
} as const;

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

/** A ready entry row. */
interface EntryPlan {
  line: number;
  date: string;
  /** An existing party, or the name key of one the import creates. */
  partyId: number | null;
  newParty: string | null;
  partyName: string;
  creditDebit: CreditDebit;
  /** Positive, in cents. */
  cents: bigint;
  description: string;
}

/** A ready person row (clients, employees, expense types). */
interface PersonPlan {
  line: number;
  name: string;
  email: string;
  extra: string;
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

const clean = (value: string) => value.normalize('NFC').trim();
/** An amount of at most two decimals (as read, or NUMERIC text) in cents. */
const centsOf = (amount: number | string): bigint =>
  BigInt((typeof amount === 'number' ? toNumericString(amount) : amount).replace('.', ''));
/** Cents as NUMERIC text: `1234.50`, `-0.05`. */
export const centsText = (cents: bigint): string => {
  const digits = (cents < 0n ? -cents : cents).toString().padStart(3, '0');
  return `${cents < 0n ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
};

async function earlierImport(db: Db, hash: string): Promise<EarlierImport | null> {
  const { rows } = await sql<{ id: number; batch_id: number; file_name: string; at: string }>`
    SELECT i.id, i.batch_id, i.file_name,
           to_char(b.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at
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
  const party = PARTY[kind];
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
  if (rows.length > 200_000) throw badRequest(importMessages.tooManyRows);
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

  const check = formRules(kind);
  const ticked = new Set(options.includeDuplicates ?? []);
  const entries: EntryPlan[] = [];
  const people: PersonPlan[] = [];
  const create = new Map<string, string>();
  const newParties = new Map<string, string>();
  let undecided = 0;

  if (isEntryKind(kind)) {
    const closed = await closedThrough(db);
    const parties = await partiesByKey(db, kind);
    const party = PARTY[kind];
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
    const seen = new Map<string, number>();
    const partyRule = newPartyRule(kind);

    for (const { line, cells } of trusted) {
      const problemsBefore = problems.length;
      const rawDate = cellText(cellOf(cells, 'date'));
      const rawParty = clean(cellText(cellOf(cells, 'party')));
      const description = clean(cellText(cellOf(cells, 'description')));
      let date: string | null = null;
      if (rawDate === '') fail(line, importMessages.missing(label('date')));
      else {
        date = dateFormat ? parseDate(cellOf(cells, 'date'), dateFormat) : null;
        if (date === null) fail(line, importMessages.badDate(rawDate));
        else if (date > input.today) fail(line, importMessages.futureDate);
        else if (closed && date <= closed) fail(line, importMessages.closedDate(closed));
      }

      // The amount and its side: one signed column, or a Debit and a Credit column.
      let amount: number | null = null;
      let side: CreditDebit | null = null;
      const readAmount = (field: ImportField): number | null | undefined => {
        const raw = cellText(cellOf(cells, field));
        if (column(field) === undefined || raw === '') return undefined;
        const value = numberFormat ? parseAmount(cellOf(cells, field), numberFormat) : null;
        if (value === null) fail(line, importMessages.badAmount(raw));
        return value;
      };
      if (column('amount') !== undefined) {
        const value = readAmount('amount');
        if (value === undefined) fail(line, importMessages.missing(label('amount')));
        else if (value !== null) {
          amount = Math.abs(value);
          side = value < 0 ? 'Debit' : 'Credit';
        }
      } else if (column('debit') !== undefined || column('credit') !== undefined) {
        const debit = readAmount('debit');
        const credit = readAmount('credit');
        if (debit === undefined && credit === undefined)
          fail(line, importMessages.missing(label('amount')));
        else if (debit !== null && credit !== null) {
          if (credit !== undefined && credit !== 0) {
            amount = Math.abs(credit);
            side = credit < 0 ? 'Debit' : 'Credit';
          } else if (debit !== undefined) {
            amount = Math.abs(debit);
            side = debit < 0 ? 'Credit' : 'Debit';
          } else amount = 0;
        }
      }
      if (column('creditDebit') !== undefined) {
        const raw = cellText(cellOf(cells, 'creditDebit'));
        if (/^(credit|cr|c)$/i.test(raw)) side = 'Credit';
        else if (/^(debit|dr|d)$/i.test(raw)) side = 'Debit';
        else if (raw !== '') fail(line, importMessages.badCreditDebit(raw));
      }
      if (side === 'Debit' && kind !== 'income') fail(line, importMessages.creditOnly);
      // The entry form's rules, for each value read (a zero or an overlong amount, a
      // description too long or with a direction override...).
      for (const { reason } of check({
        ...(date === null ? {} : { date }),
        ...(amount === null ? {} : { amount }),
        ...(side === null ? {} : { creditDebit: side }),
        description,
      }))
        fail(line, reason);

      // The party: existing, picked, created, or unknown.
      let partyId: number | null = null;
      let newParty: string | null = null;
      let partyName = rawParty;
      if (rawParty === '') fail(line, importMessages.missing(label('party')));
      else {
        const key = nameKey(rawParty);
        const choice = choices.get(key);
        const existing = parties.get(key);
        if (choice && 'id' in choice) {
          const found = picked.get(choice.id);
          if (!found) fail(line, importMessages.partyNotFound(rawParty));
          else if (found.suspended) fail(line, importMessages.suspended(found.name));
          else {
            partyId = choice.id;
            partyName = found.name;
          }
        } else if (existing) {
          if (existing.suspended) fail(line, importMessages.suspended(existing.name));
          partyId = existing.id;
          partyName = existing.name;
        } else if (choice && 'create' in choice) {
          // The name as the party's own form takes it (an employee needs a number: picked only).
          const refusal =
            kind === 'salary'
              ? importMessages.employeesPickOnly(rawParty)
              : (partyRule?.(rawParty) ?? null);
          if (refusal !== null) fail(line, refusal);
          else {
            newParty = key;
            if (!create.has(key)) create.set(key, rawParty);
          }
        } else {
          if (!newParties.has(key)) newParties.set(key, rawParty);
          undecided += 1;
          fail(line, importMessages.unknownParty(label('party'), rawParty));
        }
      }

      if (problems.length > problemsBefore || date === null || amount === null || side === null)
        continue;
      const plan: EntryPlan = {
        line,
        date,
        partyId,
        newParty,
        partyName,
        creditDebit: side,
        cents: centsOf(amount),
        description,
      };
      const key = duplicateKey(plan);
      const first = seen.get(key);
      if (first !== undefined && !ticked.has(line)) {
        fail(line, importMessages.duplicateRow(first), true);
        continue;
      }
      if (first === undefined) seen.set(key, line);
      entries.push(plan);
    }

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
    const seen = new Map<string, number>();
    const existing = await existingPeople(db, kind);
    for (const { line, cells } of trusted) {
      const before = problems.length;
      const value = (field: ImportField) => clean(cellText(cellOf(cells, field)));
      const nameField: ImportField = kind === 'expenseTypes' ? 'expenseType' : 'name';
      const name = value(nameField);
      const email = kind === 'expenseTypes' ? '' : value('email');
      const extra =
        kind === 'clients' ? value('companyName') : kind === 'employees' ? value('number') : '';
      // Every field is needed; each one given is checked by the kind's form's rules.
      const given: Partial<Record<ImportField, string>> = {};
      for (const field of IMPORT_KIND_FIELDS[kind]) {
        const text = value(field);
        if (text === '') fail(line, importMessages.missing(label(field)));
        else given[field] = text;
      }
      for (const { reason } of check(given)) fail(line, reason);
      if (problems.length > before) continue;
      const key =
        kind === 'expenseTypes'
          ? nameKey(name)
          : [nameKey(name), email.toLowerCase(), nameKey(extra)].join('\u0000');
      // Expense type names are unique: a duplicate can never be ticked in.
      const tickable = kind !== 'expenseTypes';
      const first = seen.get(key);
      if (first !== undefined && !(tickable && ticked.has(line))) {
        fail(line, importMessages.duplicateRow(first), tickable);
        continue;
      }
      if (existing.has(key) && !(tickable && ticked.has(line))) {
        fail(line, tickable ? importMessages.duplicateEntry : importMessages.exists, tickable);
        continue;
      }
      if (first === undefined) seen.set(key, line);
      people.push({ line, name, email, extra });
    }
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

const duplicateKey = (
  plan: Pick<EntryPlan, 'date' | 'partyId' | 'newParty' | 'creditDebit' | 'cents' | 'description'>,
) =>
  [
    plan.date,
    plan.partyId ?? `new:${plan.newParty}`,
    plan.creditDebit,
    plan.cents,
    plan.description,
  ].join('\u0000');

async function existingPeople(db: Db, kind: ImportKind): Promise<Set<string>> {
  if (kind === 'expenseTypes') {
    const rows = await db.selectFrom('expense_types').select('expancetype').execute();
    return new Set(rows.map((row) => nameKey(row.expancetype)));
  }
  if (kind === 'clients') {
    const rows = await db.selectFrom('clients').select(['name', 'email', 'company_name']).execute();
    return new Set(
      rows.map((row) =>
        [nameKey(row.name), row.email.toLowerCase(), nameKey(row.company_name)].join('\u0000'),
      ),
    );
  }
  const rows = await db.selectFrom('employees').select(['name', 'email', 'number']).execute();
  return new Set(
    rows.map((row) =>
      [nameKey(row.name), row.email.toLowerCase(), nameKey(row.number)].join('\u0000'),
    ),
  );
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
      const closed = await closedThrough(tx, { lock: true });
      const earliest = analysis.entries.reduce<string | null>(
        (min, plan) => (min === null || plan.date < min ? plan.date : min),
        null,
      );
      if (closed && earliest !== null && earliest <= closed)
        throw conflict(importMessages.closedDate(closed));

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
        const party = PARTY[kind];
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
          created.push({ party_kind: party.kind, party_id: row.id });
        }
        // Column by column (unnest): one statement per 5,000 rows, without an object per value.
        for (let start = 0; start < analysis.entries.length; start += 5000) {
          const chunk = analysis.entries.slice(start, start + 5000);
          await sql`
            INSERT INTO entries (kind, ${sql.ref(party.column)}, party_name, amount, credit_debit,
                                 description, entry_date, created_by, batch_id)
            SELECT ${kind}, u.party, u.name, u.amount, u.side, u.description, u.day,
                   ${userId}::integer, ${batchId}::bigint
            FROM unnest(
              ${chunk.map((plan) => plan.partyId ?? newIds.get(plan.newParty ?? '') ?? null)}::integer[],
              ${chunk.map((plan) => plan.partyName)}::text[],
              ${chunk.map((plan) => centsText(plan.cents))}::numeric[],
              ${chunk.map((plan) => plan.creditDebit)}::text[],
              ${chunk.map((plan) => plan.description)}::text[],
              ${chunk.map((plan) => plan.date)}::date[]
            ) AS u(party, name, amount, side, description, day)`.execute(tx);
        }
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
           to_char(b.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
           to_char(b.reversed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS reversed_at,
           b.reverse_reason,
           u.id AS by_id, u.name AS by_name, u.email AS by_email,
           u.deleted_at IS NOT NULL AS by_former
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
