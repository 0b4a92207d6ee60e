// Building blocks shared by the resource schemas.
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { CREDIT_DEBIT, literalUnion } from './kinds.js';
import { ISO_DATE_PATTERN } from './common-values.js';
export { ISO_DATE_PATTERN } from './common-values.js';

/**
 * A non-blank string: at least one non-space character, bounded length, no bidirectional
 * override (format `text`, see text.ts). Stored in Unicode normal form C, like every string.
 */
export const Text = (maxLength: number, description?: string) =>
  Type.String({
    minLength: 1,
    maxLength,
    pattern: '\\S',
    format: 'text',
    ...(description ? { description } : {}),
  });

/**
 * The name of a person, client, company or expense type: a non-blank string with no invisible,
 * control or direction-changing character (format `name`, see text.ts).
 */
export const Name = (maxLength: number, description?: string) =>
  Type.String({
    minLength: 1,
    maxLength,
    pattern: '\\S',
    format: 'name',
    ...(description ? { description } : {}),
  });

/** Optional free text that may be empty and keep line breaks, but holds no bidi override. */
export const OptionalText = (maxLength: number) =>
  Type.Optional(Type.String({ maxLength, format: 'text' }));

/**
 * An admin's reason for writing on or before a money account's "reconciled through" day (issue
 * 39): without it, or from anyone but an admin, such a write is refused (409); with it, the
 * activity records it.
 */
export const ReconciledReason = Type.Optional(
  Text(500, "An admin's reason for changing an account's reconciled period"),
);

export const Email = Type.String({
  format: 'email',
  maxLength: 254,
  description: 'E-mail address',
});

/**
 * The days the product takes: 1900-01-01 (where open report ranges start) to 9999-12-31. Nothing
 * is booked before 1900, and year 0000 is no day PostgreSQL knows.
 */
export const DAY_BOUNDS = { first: '1900-01-01', last: '9999-12-31' } as const;

/** A calendar day as YYYY-MM-DD (see DAY_BOUNDS). */
export const IsoDate = Type.String({
  pattern: ISO_DATE_PATTERN,
  // A real calendar day: 2026-02-30 matches the pattern but is refused by the validator.
  format: 'date',
  description: `A day, YYYY-MM-DD, ${DAY_BOUNDS.first} to ${DAY_BOUNDS.last}`,
});

/** An optional date query parameter; an empty string means "not given" (docs/product.md#constants). */
export const OptionalDate = Type.Optional(Type.Union([IsoDate, Type.Literal('')]));

export const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
export const IdParams = Type.Object({ id: Id });
export type IdParams = Static<typeof IdParams>;

/**
 * Money on the wire: a JSON number, > 0, at most 2 decimals (checked by the server). The spec's
 * entry forms send the amount field's text, so a plain decimal string ("12.30") is taken too,
 * but nothing looser: no sign, exponent, hex, spaces, or a value of zero.
 */
export const AMOUNT_TEXT_PATTERN = '^(?=.*[1-9])\\d{1,12}(\\.\\d{1,2})?$';
export const Amount = Type.Union(
  [
    Type.Number({ exclusiveMinimum: 0, maximum: 999999999999.99 }),
    Type.String({ pattern: AMOUNT_TEXT_PATTERN }),
  ],
  { description: 'Amount in RS, greater than 0, at most 2 decimals' },
);

/**
 * A money figure in a response: a number with at most 2 decimals. Report totals are written as
 * exact decimal number tokens at any size; a double holds them to the cent only below about
 * 3.5e13 (docs/decisions/005-money-bounds.md).
 */
export const Money = Type.Number({
  description: 'Amount in RS, an exact decimal number token (totals may exceed a double)',
});

export const CreditDebit = literalUnion(CREDIT_DEBIT);
export type CreditDebit = Static<typeof CreditDebit>;

/** The text of a CSV export (RFC 4180, UTF-8), sent as text/csv. */
export const CsvText = Type.String({ description: 'CSV (RFC 4180), UTF-8' });

export const MessageResponse = Type.Object({ message: Type.String() });
export type MessageResponse = Static<typeof MessageResponse>;

/** Every list endpoint puts its records in `users` (docs/product.md#calls), whatever the records are. */
export const ListResponse = <T extends TSchema>(item: T) =>
  Type.Object({ users: Type.Array(item), message: Type.Optional(Type.String()) });

/** A mutation answers with a message and, where useful, the record. */
export const MutationResponse = <T extends TSchema>(item: T) =>
  Type.Object({ message: Type.String(), user: Type.Optional(item) });
