// Expense types (Settings) and the three kinds of money entry.
import { Type, type Static } from '@sinclair/typebox';
import {
  Amount,
  CreditDebit,
  Id,
  IsoDate,
  ListResponse,
  MutationResponse,
  Name,
  OptionalText,
  ReconciledReason,
} from './common.js';
import { EntryKind } from './kinds.js';
import { EntryBudget } from './month-end.js';

export const ExpenseTypeStatus = Type.Union([Type.Literal('Active'), Type.Literal('Suspended')]);
export type ExpenseTypeStatus = Static<typeof ExpenseTypeStatus>;

export const ExpenseType = Type.Object({
  id: Id,
  expancetype: Type.String(),
  status: ExpenseTypeStatus,
  /** This month's budget (issue 34), in the list; left out for a type without one. */
  monthlyBudget: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
});
export type ExpenseType = Static<typeof ExpenseType>;

export const ExpenseTypeBody = Type.Object(
  { expancetype: Name(100) },
  { additionalProperties: false },
);
export type ExpenseTypeBody = Static<typeof ExpenseTypeBody>;

export const ExpenseTypeStatusParams = Type.Object({
  id: Id,
  currentStatus: Type.String({ maxLength: 40 }),
});
export type ExpenseTypeStatusParams = Static<typeof ExpenseTypeStatusParams>;

export const ExpenseTypeList = ListResponse(ExpenseType);
export type ExpenseTypeList = Static<typeof ExpenseTypeList>;
export const ExpenseTypeMutation = MutationResponse(ExpenseType);
export type ExpenseTypeMutation = Static<typeof ExpenseTypeMutation>;

const Description = OptionalText(500);
/** The business day of the entry; today (server time zone) when left out. */
const EntryDate = Type.Optional(IsoDate);

/** A stored entry as the API returns it after recording. */
export const Entry = Type.Object({
  id: Id,
  kind: EntryKind,
  partyId: Id,
  partyName: Type.String(),
  /** Negative for a reversal: it cancels the entry it reverses. */
  amount: Type.Number(),
  description: Type.String(),
  Creditdebit: CreditDebit,
  date: IsoDate,
  createdAt: Type.String({ format: 'date-time' }),
  /** The entry this one reverses, or null. */
  reversesId: Type.Union([Id, Type.Null()]),
  /** The money account it moved (issue 33); null for an invoice. */
  accountId: Type.Optional(Type.Union([Id, Type.Null()])),
});
export type Entry = Static<typeof Entry>;

export const EntryMutation = Type.Object({
  message: Type.String(),
  entry: Entry,
  /** An expense whose type has a budget for the entry's month: how much of it is used. */
  budget: Type.Optional(EntryBudget),
});
export type EntryMutation = Static<typeof EntryMutation>;

// The names beside the ids are accepted because the spec's forms send them, but the server
// trusts only the id and stores the name it looks up.
export const ExpenseEntryBody = Type.Object(
  {
    expanceTypeId: Id,
    expanceTypeName: Type.Optional(Type.String({ maxLength: 200 })),
    amount: Amount,
    description: Description,
    Creditdebit: CreditDebit,
    date: EntryDate,
    /** The money account (issue 33); the default when left out; none for an invoice. */
    accountId: Type.Optional(Id),
    /** Needed for an entry dated in the account's reconciled period. */
    reason: ReconciledReason,
  },
  { additionalProperties: false },
);
export type ExpenseEntryBody = Static<typeof ExpenseEntryBody>;

export const IncomeEntryBody = Type.Object(
  {
    clientId: Id,
    clientName: Type.Optional(Type.String({ maxLength: 200 })),
    amount: Amount,
    description: Description,
    Creditdebit: CreditDebit,
    date: EntryDate,
    /** The money account (issue 33); the default when left out; none for an invoice. */
    accountId: Type.Optional(Id),
    /** Needed for an entry dated in the account's reconciled period. */
    reason: ReconciledReason,
  },
  { additionalProperties: false },
);
export type IncomeEntryBody = Static<typeof IncomeEntryBody>;

export const SalaryEntryBody = Type.Object(
  {
    employeeId: Id,
    employeeName: Type.Optional(Type.String({ maxLength: 200 })),
    amount: Amount,
    description: Description,
    Creditdebit: CreditDebit,
    date: EntryDate,
    /** The money account (issue 33); the default when left out; none for an invoice. */
    accountId: Type.Optional(Id),
    /** Needed for an entry dated in the account's reconciled period. */
    reason: ReconciledReason,
  },
  { additionalProperties: false },
);
export type SalaryEntryBody = Static<typeof SalaryEntryBody>;

/** Optional header that makes a submission safe to repeat: the same key records once. */
export const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(Type.String({ minLength: 8, maxLength: 100 })),
});
export type IdempotencyHeaders = Static<typeof IdempotencyHeaders>;
