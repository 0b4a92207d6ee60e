// Importing entries and people from CSV and Excel files (docs/decisions/014-import.md): what can
// be imported, the fields a file's columns map to, the formats detected, the preview and the
// record of an import. An import writes one entry batch of kind 'import'; its undo is the batch's.
import { Type, type Static } from '@sinclair/typebox';
import { Id, Money } from './common.js';
import { literalUnion } from './kinds.js';
import { Person } from './users.js';
import { IMPORT_KINDS, DATE_FORMATS, NUMBER_FORMATS } from './import-values.js';
export {
  IMPORT_KINDS,
  IMPORT_KIND_LABELS,
  IMPORT_KIND_FIELDS,
  importFieldLabel,
  DATE_FORMATS,
  NUMBER_FORMATS,
} from './import-values.js';

export const ImportKind = literalUnion(IMPORT_KINDS);
export type ImportKind = Static<typeof ImportKind>;

/** Every field a column can map to. `debit`/`credit`: the amount taken from two columns. */
export const IMPORT_FIELDS = [
  'date',
  'party',
  'creditDebit',
  'amount',
  'debit',
  'credit',
  'description',
  'name',
  'email',
  'number',
  'companyName',
  'expenseType',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
export const DateFormat = literalUnion(DATE_FORMATS);
export type DateFormat = Static<typeof DateFormat>;
export const NumberFormat = literalUnion(NUMBER_FORMATS);
export type NumberFormat = Static<typeof NumberFormat>;

const Column = Type.Optional(Type.Integer({ minimum: 0, maximum: 999 }));

/** Column index (0 = the first column) for each mapped field; a field left out is not mapped. */
export const ImportMapping = Type.Object(
  {
    date: Column,
    party: Column,
    creditDebit: Column,
    amount: Column,
    debit: Column,
    credit: Column,
    description: Column,
    name: Column,
    email: Column,
    number: Column,
    companyName: Column,
    expenseType: Column,
  },
  { additionalProperties: false },
);
export type ImportMapping = Partial<Record<ImportField, number>>;

/** For a party the file names that does not exist: create it, or use an existing one. */
export const PartyChoice = Type.Union([
  Type.Object({ create: Type.Literal(true) }, { additionalProperties: false }),
  Type.Object({ id: Id }, { additionalProperties: false }),
]);
export type PartyChoice = Static<typeof PartyChoice>;

/**
 * The multipart field `options` (JSON) beside the multipart field `file`, for a preview and for
 * the import itself. Left out, the mapping and formats are detected.
 */
export const ImportOptions = Type.Object(
  {
    kind: ImportKind,
    mapping: Type.Optional(ImportMapping),
    dateFormat: Type.Optional(DateFormat),
    numberFormat: Type.Optional(NumberFormat),
    /** An Excel file's sheet by name; the first when left out. */
    sheet: Type.Optional(Type.String({ maxLength: 100 })),
    /** By the name the file gives (as written in it). */
    parties: Type.Optional(
      Type.Array(
        Type.Object(
          { name: Type.String({ maxLength: 200 }), choice: PartyChoice },
          { additionalProperties: false },
        ),
        { maxItems: 10000 },
      ),
    ),
    /** Lines flagged as duplicates that are to be imported all the same. */
    includeDuplicates: Type.Optional(
      Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 200000 }),
    ),
    /** The account the imported payments and receipts moved (issue 33); the default when left out. */
    accountId: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export type ImportOptions = Static<typeof ImportOptions>;

export const ImportProblem = Type.Object({
  /** The line of the file the row starts on (1 = the first line). */
  line: Type.Integer({ minimum: 1 }),
  reason: Type.String(),
  /** True for a duplicate, which can be ticked to be imported all the same. */
  duplicate: Type.Boolean(),
});
export type ImportProblem = Static<typeof ImportProblem>;

/** A row as it will be recorded: its values in the order of the preview's `columns`. */
export const PreviewRow = Type.Object({
  line: Type.Integer({ minimum: 1 }),
  values: Type.Array(Type.String()),
});
export type PreviewRow = Static<typeof PreviewRow>;

export const EarlierImport = Type.Object({
  id: Id,
  batchId: Id,
  fileName: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
});
export type EarlierImport = Static<typeof EarlierImport>;

export const ImportPreview = Type.Object({
  fileName: Type.String(),
  sha256: Type.String(),
  /** 'CSV' or 'Excel'. */
  format: Type.String(),
  /** CSV only: UTF-8, UTF-8 with BOM, UTF-16LE, UTF-16BE or Windows-1252. */
  encoding: Type.Union([Type.String(), Type.Null()]),
  /** CSV only: the delimiter found (`,` `;` or a TAB). */
  delimiter: Type.Union([Type.String(), Type.Null()]),
  /** Excel only: every sheet's name, and the one read. */
  sheets: Type.Array(Type.String()),
  sheet: Type.Union([Type.String(), Type.Null()]),
  headerLine: Type.Integer({ minimum: 1 }),
  headers: Type.Array(Type.String()),
  mapping: ImportMapping,
  /** The format used; candidates holds more than one when the file leaves it open. */
  dateFormat: Type.Union([DateFormat, Type.Null()]),
  dateFormats: Type.Array(DateFormat),
  numberFormat: Type.Union([NumberFormat, Type.Null()]),
  numberFormats: Type.Array(NumberFormat),
  rows: Type.Integer({ minimum: 0 }),
  ready: Type.Integer({ minimum: 0 }),
  withErrors: Type.Integer({ minimum: 0 }),
  /** "N rows ready · M rows with errors". */
  summary: Type.String(),
  /** The first rows as they will be recorded, and the names of their values. */
  columns: Type.Array(Type.String()),
  first: Type.Array(PreviewRow),
  problems: Type.Array(ImportProblem),
  /** Parties the file names that do not exist (and no choice says what to do with). */
  newParties: Type.Array(Type.String()),
  credit: Money,
  debit: Money,
  earlier: Type.Union([EarlierImport, Type.Null()]),
});
export type ImportPreview = Static<typeof ImportPreview>;

export const ImportRecord = Type.Object({
  id: Id,
  batchId: Id,
  kind: ImportKind,
  fileName: Type.String(),
  sha256: Type.String(),
  rows: Type.Integer({ minimum: 0 }),
  credit: Money,
  debit: Money,
  /** Parties created by the import. */
  partiesCreated: Type.Integer({ minimum: 0 }),
  createdBy: Type.Union([Person, Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
  reversedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  reverseReason: Type.Union([Type.String(), Type.Null()]),
});
export type ImportRecord = Static<typeof ImportRecord>;

export const ImportList = Type.Object({ imports: Type.Array(ImportRecord) });
export type ImportList = Static<typeof ImportList>;

export const ImportDone = Type.Object({ message: Type.String(), import: ImportRecord });
export type ImportDone = Static<typeof ImportDone>;

/** Limits of an imported file. */
export const IMPORT_LIMITS = {
  bytes: 20 * 1024 * 1024,
  rows: 200_000,
  cellChars: 1000,
  /** Excel: the sheets' XML, uncompressed, and how much more than compressed one part may be. */
  unzippedBytes: 200 * 1024 * 1024,
  zipRatio: 100,
  /** Cells a row may hold (an Excel row's last filled column, a CSV row's fields). */
  columns: 100,
  /** Rows read, blank ones included: the rows above, plus room for blank lines between them. */
  rowsRead: 250_000,
  /** Excel: the strings a workbook shares between its cells, and their characters in all. */
  sharedStrings: 1_000_000,
  sharedStringChars: 30_000_000,
} as const;
