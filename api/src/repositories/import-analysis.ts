// The preview of an import (docs/decisions/014-import.md): `analyseImport` reads the file, detects
// its layout and formats, maps the columns and checks every row, writing nothing. `runImport`
// (imports.ts) does the same with the confirmed choices, then writes.
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
  type EntryKind,
  type ImportField,
  type ImportKind,
  type ImportMapping,
  type ImportOptions,
  type ImportPreview,
  type NumberFormat,
  type PreviewRow,
  type ImportProblem,
  centsOf,
  centsText,
} from 'contract';
import type { Db } from '../db/index.js';
import { badRequest } from '../lib/errors.js';
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
import { planPeople } from '../imports/plan-people.js';
import { parties } from '../db/parties.js';
import { closedThrough } from '../books/index.js';
import { earlierImport, existingPeople, partiesByKey } from './import-lookups.js';

export const ENTRY_KINDS: readonly ImportKind[] = ['income', 'expense', 'salary'];
export const isEntryKind = (kind: ImportKind): kind is EntryKind => ENTRY_KINDS.includes(kind);

export const PREVIEW_ROWS = 20;
/** Problems listed in a preview (the count covers them all). */
export const MAX_PROBLEMS = 5000;
/**
 * Header names a preview shows: as many as a mapping can name (its column indexes stop at 999);
 * each name at most 200 characters. The rows are checked against every column all the same.
 */
export const PREVIEW_HEADERS = 1000;
export const PREVIEW_HEADER_CHARS = 200;
/** New parties a preview names: as many as the options can decide (`parties`). */
export const PREVIEW_NEW_PARTIES = 10_000;

export interface ImportInput {
  fileName: string;
  bytes: Buffer;
  options: ImportOptions;
  today: string;
}

export interface Analysis {
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

export const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

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
