// The rules that propose an entry for a statement line, and the reconciliation settings
// (issue 33). The calls are in account-endpoints.ts.
import { Type, type Static } from '@sinclair/typebox';
import { Id, Money, OptionalText, Text } from './common.js';
import { EntryKind } from './kinds.js';

const Bound = Type.Union([Type.Number({ minimum: 0, maximum: 999999999999.99 }), Type.Null()]);

export const BankRule = Type.Object({
  id: Id,
  contains: Type.String(),
  minAmount: Type.Union([Money, Type.Null()]),
  maxAmount: Type.Union([Money, Type.Null()]),
  kind: EntryKind,
  partyId: Id,
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
    kind: EntryKind,
    partyId: Id,
    description: OptionalText(500),
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type BankRuleBody = Static<typeof BankRuleBody>;

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
