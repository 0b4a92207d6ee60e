// One entry matched to several statement lines that add up to it (issue 42): a payment the bank
// booked in parts. The schemas and the call; in the table with the money accounts' calls
// (endpoints.ts).
import { Type, type Static } from '@sinclair/typebox';
import { AccountParams, StatementLine } from './accounts.js';
import { Id, ReconciledReason } from './common.js';
import { defineEndpoint as endpoint } from './endpoint.js';
import { lineSplitRoutes } from './line-split-routes.js';

export const MatchLinesBody = Type.Object(
  {
    /** The entry (a payment or receipt of the account, matched to no line). */
    entryId: Id,
    /** The unmatched lines of the account whose amounts add up to the entry's. */
    lineIds: Type.Array(Id, { minItems: 2, maxItems: 50, uniqueItems: true }),
    /** Needed when a line is dated in the account's reconciled period. */
    reason: ReconciledReason,
  },
  { additionalProperties: false, examples: [{ entryId: 41, lineIds: [7, 8] }] },
);
export type MatchLinesBody = Static<typeof MatchLinesBody>;

export const LinesMatched = Type.Object({
  message: Type.String(),
  lines: Type.Array(StatementLine),
});
export type LinesMatched = Static<typeof LinesMatched>;

export const lineSplitMessages = {
  linesMatched: 'Lines matched to the entry',
  linesSumDiffers: 'The lines do not add up to the entry',
  linesNotUnmatched: 'One of these lines is already matched or excluded',
  linesDirection: 'Each line must be money in for a receipt, money out for a payment',
} as const;

export const lineSplitEndpoints = {
  matchLines: endpoint({
    ...lineSplitRoutes.matchLines,
    tag: 'accounts',
    summary: 'Match one entry to several statement lines that add up to it',
    description:
      "Each line must be unmatched, of this account and of the entry's direction; a line dated " +
      'on or before the account\'s "reconciled through" day is refused but to an admin giving a ' +
      'reason. Undoing the match of one of the lines undoes all of them.',
    params: AccountParams,
    body: MatchLinesBody,
    responses: { 201: LinesMatched },
    errors: [404, 409],
  }),
};
