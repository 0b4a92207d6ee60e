// The closed lists of names that the api writes and the apps read: the kinds of money entry, the
// actions of the audit log and the kinds of record it names. Each is written once, as a list of
// names; the TypeBox schema and the TypeScript type are derived from that list, so adding or
// renaming a name is a type error wherever a copy would otherwise have to change by hand.
import { Type, type Static, type TLiteral, type TUnion } from '@sinclair/typebox';
import {
  ENTRY_KINDS,
  JOURNAL_KINDS,
  AUDIT_ACTIONS,
  RECORD_KINDS,
  BATCH_KINDS,
} from './kind-values.js';
export {
  isOneOf,
  ENTRY_KINDS,
  JOURNAL_KINDS,
  CREDIT_DEBIT,
  AUDIT_ACTIONS,
  RECORD_KINDS,
  ENTRY_RECORD_KINDS,
  BATCH_KINDS,
} from './kind-values.js';

type Literals<T extends readonly string[]> = { -readonly [K in keyof T]: TLiteral<T[K]> };

/** A union of string literals, one for each name of the list (in that order). */
export const literalUnion = <const T extends readonly [string, ...string[]]>(
  names: T,
  options?: { description?: string },
): TUnion<Literals<T>> =>
  Type.Union(
    names.map((name) => Type.Literal(name)),
    options ?? {},
  ) as unknown as TUnion<Literals<T>>;

export const EntryKind = literalUnion(ENTRY_KINDS);
export type EntryKind = Static<typeof EntryKind>;

export const JournalKind = literalUnion(JOURNAL_KINDS);
export type JournalKind = Static<typeof JournalKind>;

export const AuditAction = literalUnion(AUDIT_ACTIONS);
export type AuditAction = Static<typeof AuditAction>;

export const RecordKind = literalUnion(RECORD_KINDS);
export type RecordKind = Static<typeof RecordKind>;

export const BatchKind = literalUnion(BATCH_KINDS);
export type BatchKind = Static<typeof BatchKind>;
