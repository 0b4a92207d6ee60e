// What planning an import's rows shares: how a row's cells are read for a field, how a row
// error is recorded, and the ready rows as they will be written.
import type { CreditDebit, ImportField, ImportKind } from 'contract';
import type { Cell, FileRow } from './read-file.js';
import type { formRules } from './rules.js';

/** A ready entry row. */
export interface EntryPlan {
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
export interface PersonPlan {
  line: number;
  name: string;
  email: string;
  extra: string;
}

/** The rows of a file under its mapping, and where their errors go. */
export interface RowReading {
  kind: ImportKind;
  /** The data rows left to plan (neither flagged by the reader nor wider than the header). */
  rows: FileRow[];
  column: (field: ImportField) => number | undefined;
  cellOf: (cells: Cell[], field: ImportField) => Cell;
  label: (field: ImportField) => string;
  fail: (line: number, reason: string, duplicate?: boolean) => void;
  /** How many errors are recorded so far (a row is ready when it adds none). */
  failures: () => number;
  /** The kind's form rules (rules.ts). */
  check: ReturnType<typeof formRules>;
  /** Lines flagged as duplicates that are to be imported all the same. */
  ticked: Set<number>;
}

/** A cell's text as stored: normal form C, trimmed. */
export const clean = (value: string) => value.normalize('NFC').trim();

/** Two entries are duplicates when these are equal. */
export const duplicateKey = (
  plan: Pick<EntryPlan, 'date' | 'partyId' | 'newParty' | 'creditDebit' | 'cents' | 'description'>,
) =>
  [
    plan.date,
    plan.partyId ?? `new:${plan.newParty}`,
    plan.creditDebit,
    plan.cents,
    plan.description,
  ].join('\u0000');
