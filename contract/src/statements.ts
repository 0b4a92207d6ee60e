// Bank statements read into a money account (issues 33 and 39): the formats, the options of a
// preview and an import, what each answers, and the texts of the readers' refusals. The calls
// are in account-endpoints.ts.
import { Type, type Static } from '@sinclair/typebox';
import { Id, IsoDate, Money } from './common.js';
import { literalUnion } from './kinds.js';
import { DateFormat, NumberFormat } from './imports.js';
import { STATEMENT_FORMATS } from './statement-values.js';
export { STATEMENT_FORMATS } from './statement-values.js';

export const StatementFormat = literalUnion(STATEMENT_FORMATS);
export type StatementFormat = Static<typeof StatementFormat>;

/** The fields a CSV or Excel statement's columns map to. */
export const StatementMapping = Type.Object(
  {
    date: Type.Optional(Type.Integer({ minimum: 0, maximum: 999 })),
    /** One signed amount column... */
    amount: Type.Optional(Type.Integer({ minimum: 0, maximum: 999 })),
    /** ...or money out (debit) and money in (credit) in two columns. */
    debit: Type.Optional(Type.Integer({ minimum: 0, maximum: 999 })),
    credit: Type.Optional(Type.Integer({ minimum: 0, maximum: 999 })),
    description: Type.Optional(Type.Integer({ minimum: 0, maximum: 999 })),
    reference: Type.Optional(Type.Integer({ minimum: 0, maximum: 999 })),
    balance: Type.Optional(Type.Integer({ minimum: 0, maximum: 999 })),
  },
  { additionalProperties: false },
);
export type StatementMapping = Static<typeof StatementMapping>;

/** The multipart field `options` (JSON) before `file`. Left out, everything is detected. */
export const StatementOptions = Type.Object(
  {
    format: Type.Optional(StatementFormat),
    /** Taken as it is (a field left out is not read); left out, the columns are detected. */
    mapping: Type.Optional(StatementMapping),
    dateFormat: Type.Optional(DateFormat),
    numberFormat: Type.Optional(NumberFormat),
    sheet: Type.Optional(Type.String({ maxLength: 100 })),
    /** Needed to add lines dated in the account's reconciled period (admins only). A plain
     * string: the options are checked apart from the route's schema, without its formats. */
    reason: Type.Optional(Type.String({ minLength: 1, maxLength: 500, pattern: '\\S' })),
  },
  { additionalProperties: false },
);
export type StatementOptions = Static<typeof StatementOptions>;

/** Where a statement's running balances do not chain: the first line at fault. */
export const ChainBreak = Type.Object({
  /** The line of the file (1 = the first). */
  line: Type.Integer({ minimum: 1 }),
  /** The previous balance plus this line's amount. */
  expected: Money,
  /** The balance the statement gives. */
  given: Money,
});
export type ChainBreak = Static<typeof ChainBreak>;

/**
 * Where an import is: its file being read or its lines being written in batches after its call
 * was answered (a large statement), all written, stopped before its last batch (its process
 * ended), or refused once its file was read (a large file: nothing stored, `refusal` says why).
 */
export const StatementImportState = Type.Union([
  Type.Literal('importing'),
  Type.Literal('done'),
  Type.Literal('interrupted'),
  Type.Literal('refused'),
]);
export type StatementImportState = Static<typeof StatementImportState>;

/** Statements of more lines than this are written in batches after their call is answered. */
export const STATEMENT_LINES_AT_ONCE = 2000;

/**
 * A statement file of more bytes than this (a quarter of it for Excel), unless it plainly holds
 * no more than STATEMENT_LINES_AT_ONCE lines, is read after its call is answered: its refusals
 * are then the import's `refusal` in the statement list, not the call's 4xx.
 */
export const STATEMENT_READ_AFTER_BYTES = 1024 * 1024;

export const StatementImported = Type.Object({
  message: Type.String(),
  importId: Id,
  format: StatementFormat,
  /**
   * 'done': every line is written and counted below. 'importing' (a statement of more than
   * STATEMENT_LINES_AT_ONCE lines): its lines are being written; `added` and `known` are 0 until
   * the statement list shows it done. A file read after the answer (STATEMENT_READ_AFTER_BYTES)
   * is answered with `lines` 0 and no balances: the statement list shows them once it is read,
   * or the import refused.
   */
  state: Type.Union([Type.Literal('done'), Type.Literal('importing')]),
  /** Lines read from the file. */
  lines: Type.Integer({ minimum: 0 }),
  /** Lines new to the account, stored now. */
  added: Type.Integer({ minimum: 0 }),
  /** Lines recognised as already imported (the same file again, an overlapping statement). */
  known: Type.Integer({ minimum: 0 }),
  openingBalance: Type.Union([Money, Type.Null()]),
  closingBalance: Type.Union([Money, Type.Null()]),
  /** Null when the balances chain (or the file gives none). */
  chainBreak: Type.Union([ChainBreak, Type.Null()]),
});
export type StatementImported = Static<typeof StatementImported>;

/** A statement line as the preview shows it, before it is stored. */
export const StatementPreviewLine = Type.Object({
  /** The line (or row) of the file it starts on, from 1. */
  line: Type.Integer({ minimum: 1 }),
  date: IsoDate,
  /** Signed: money in positive, money out negative. */
  amount: Money,
  description: Type.String(),
  reference: Type.String(),
  balance: Type.Union([Money, Type.Null()]),
  /** Already in the account (the same line of an earlier statement): not stored again. */
  known: Type.Boolean(),
});
export type StatementPreviewLine = Static<typeof StatementPreviewLine>;

/**
 * What an import of a statement would store, storing nothing: for a CSV or Excel statement, its
 * header and the columns and formats used (detected, or as the options give them), so that they
 * can be corrected before the import.
 */
export const StatementPreview = Type.Object({
  format: StatementFormat,
  /** The header row of a CSV or Excel statement; empty for OFX, CAMT.053 and MT940. */
  headers: Type.Array(Type.String()),
  /** An Excel statement's sheets, and the one read (the first unless one was chosen). */
  sheets: Type.Array(Type.String()),
  sheet: Type.Union([Type.String(), Type.Null()]),
  mapping: StatementMapping,
  dateFormat: Type.Union([DateFormat, Type.Null()]),
  numberFormat: Type.Union([NumberFormat, Type.Null()]),
  /** Why the file cannot be imported as it is mapped (the first line refused); null when it can. */
  problem: Type.Union([Type.String(), Type.Null()]),
  /** Lines read; those new to the account and those recognised as already imported. */
  lines: Type.Integer({ minimum: 0 }),
  added: Type.Integer({ minimum: 0 }),
  known: Type.Integer({ minimum: 0 }),
  openingBalance: Type.Union([Money, Type.Null()]),
  closingBalance: Type.Union([Money, Type.Null()]),
  chainBreak: Type.Union([ChainBreak, Type.Null()]),
  /** The first lines (STATEMENT_PREVIEW_LINES at most). */
  first: Type.Array(StatementPreviewLine),
});
export type StatementPreview = Static<typeof StatementPreview>;

/** Lines a statement preview shows. */
export const STATEMENT_PREVIEW_LINES = 20;

export const StatementImport = Type.Object({
  id: Id,
  fileName: Type.String(),
  format: StatementFormat,
  added: Type.Integer(),
  known: Type.Integer(),
  state: StatementImportState,
  /** Lines of its file (0 while the file is being read), and how many are written so far. */
  lines: Type.Integer({ minimum: 0 }),
  linesDone: Type.Integer({ minimum: 0 }),
  /** Why the file was refused (state 'refused'): as a small statement's import answers it. */
  refusal: Type.Union([Type.String(), Type.Null()]),
  chainBreak: Type.Union([ChainBreak, Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
  undoneAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type StatementImport = Static<typeof StatementImport>;

export const StatementImportList = Type.Object({ imports: Type.Array(StatementImport) });
export type StatementImportList = Static<typeof StatementImportList>;

export const StatementImportParams = Type.Object({ id: Id, importId: Id });
export type StatementImportParams = Static<typeof StatementImportParams>;

/** The readers' refusals that name more than a line (the rest are `Line N: ...`). */
export const statementMessages = {
  /** The statement's currency and the account's differ. */
  otherCurrency: (statement: string, account: string, accountName: string) =>
    `The statement is in ${statement}, but the account ${accountName} is in ${account}: ` +
    'import it into an account in that currency',
  /** A statement whose amounts are in two currencies. */
  mixedCurrencies: (line: number, found: string, first: string) =>
    `Line ${line}: the amount is in ${found}, but the statement's earlier amounts are in ${first}`,
  tooLarge: (line: number, amount: string) =>
    `Line ${line}: the amount ${amount} is more than 999,999,999,999.99`,
  future: (line: number, date: string) => `Line ${line}: the date ${date} is after today`,
  tooManyDecimals: (line: number, amount: string) =>
    `Line ${line}: the amount "${amount}" has more than two decimals`,
  tooDeep: (line: number) => `Line ${line}: the XML is nested too deeply for a statement`,
  tooBigToRead:
    'The statement needs more memory to read than the server allows: split it into shorter statements',
  unknownCurrency:
    'currency must be an ISO 4217 currency code, such as PKR, USD or EUR (three capital letters)',
} as const;
