// The rules that propose an entry for a statement line, and the reconciliation settings
// (issue 33). The calls are in account-endpoints.ts.
import { Type, type Static } from '@sinclair/typebox';
import { Id, Money, OptionalText, Text } from './common.js';
import { EntryKind } from './kinds.js';

/** An entry's kind, or `ledger`: the line booked to a ledger account by a voucher (issue 42). */
export const RuleKind = Type.Union([EntryKind, Type.Literal('ledger')]);
export type RuleKind = Static<typeof RuleKind>;

/** The lines a ledger rule takes: money in or money out. */
export const RuleDirection = Type.Union([Type.Literal('in'), Type.Literal('out')]);
export type RuleDirection = Static<typeof RuleDirection>;

const Bound = Type.Union([Type.Number({ minimum: 0, maximum: 999999999999.99 }), Type.Null()]);

export const BankRule = Type.Object({
  id: Id,
  contains: Type.String(),
  minAmount: Type.Union([Money, Type.Null()]),
  maxAmount: Type.Union([Money, Type.Null()]),
  kind: RuleKind,
  /** The client, expense type or employee (null for a ledger rule). */
  partyId: Type.Union([Id, Type.Null()]),
  /** The ledger account a `ledger` rule books to (null for an entry's rule). */
  ledgerAccountId: Type.Union([Id, Type.Null()]),
  /** A ledger rule's lines: money in or out (null for an entry's rule: its kind says). */
  direction: Type.Union([RuleDirection, Type.Null()]),
  /** The party's name, or the ledger account's code and name. */
  partyName: Type.String(),
  description: Type.String(),
  enabled: Type.Boolean(),
});
export type BankRule = Static<typeof BankRule>;

export const BankRuleBody = Type.Object(
  {
    contains: Text(200),
    minAmount: Type.Optional(Bound),
    maxAmount: Type.Optional(Bound),
    kind: RuleKind,
    /** Needed unless `kind` is `ledger`. */
    partyId: Type.Optional(Id),
    /** Needed when `kind` is `ledger`. */
    ledgerAccountId: Type.Optional(Id),
    /**
     * A ledger rule's lines; by default money in for an income account, out for an expense
     * account (needed for any other account).
     */
    direction: Type.Optional(RuleDirection),
    description: OptionalText(500),
    enabled: Type.Optional(Type.Boolean()),
  },
  {
    additionalProperties: false,
    examples: [
      { contains: 'SERVICE CHARGES', kind: 'ledger', ledgerAccountId: 8 },
      { contains: 'K-ELECTRIC', kind: 'expense', partyId: 3, description: 'Electricity' },
    ],
  },
);
export type BankRuleBody = Static<typeof BankRuleBody>;

/** What the rules' calls say when a rule is refused (issue 42). */
export const bankRuleMessages = {
  partyNeeded: 'Choose the client, expense type or employee the rule proposes',
  oneTarget: 'A rule proposes either a party (with its kind) or a ledger account, not both',
  directionNeeded: 'Say whether the rule takes money in or money out',
} as const;

export const BankRuleList = Type.Object({ rules: Type.Array(BankRule) });
export type BankRuleList = Static<typeof BankRuleList>;

export const BankRuleMutation = Type.Object({ message: Type.String(), rule: BankRule });
export type BankRuleMutation = Static<typeof BankRuleMutation>;

export const BankSettings = Type.Object({
  /** How many days a suggested entry may lie from its line. */
  suggestionDays: Type.Integer({ minimum: 0, maximum: 60 }),
});
export type BankSettings = Static<typeof BankSettings>;

export const BankSettingsBody = Type.Object(
  { suggestionDays: Type.Integer({ minimum: 0, maximum: 60 }) },
  { additionalProperties: false },
);
export type BankSettingsBody = Static<typeof BankSettingsBody>;
