// The calls of money accounts, transfers, statements and reconciliation (issue 33).
import { Type } from '@sinclair/typebox';
import {
  AcceptedSuggested,
  AcceptSuggestedQuery,
  AccountBody,
  AccountList,
  AccountMutation,
  AccountParams,
  accountMessages as m,
  LineEntryBody,
  LineParams,
  MatchBody,
  Matched,
  OpenItems,
  OpenItemsQuery,
  ReasonBody,
  ReconcileQuery,
  ReconciledBody,
  ReconciliationQuery,
  RegisterPage,
  RegisterQuery,
  TransferBody,
  TransferMutation,
  Worklist,
} from './accounts.js';
import {
  StatementImported,
  StatementImportList,
  StatementImportParams,
  StatementPreview,
} from './statements.js';
import { IdParams, MessageResponse } from './common.js';
import { defineEndpoint as endpoint } from './endpoint.js';
import { Entry } from './expenses.js';
import { Voucher } from './ledger/schemas.js';
import { PdfBytes, XlsxBytes } from './exports.js';
import { accountRoutes } from './account-routes.js';

/** A line booked: the entry recorded for it, or the voucher that books it to a ledger account. */
const LineBooked = Type.Object({
  message: Type.String(),
  entry: Type.Optional(Entry),
  voucher: Type.Optional(Voucher),
});

export const accountEndpoints = {
  listAccounts: endpoint({
    ...accountRoutes.listAccounts,
    tag: 'accounts',
    summary: 'Every money account with its balance today and its reconciled-through day',
    responses: { 200: AccountList },
    errors: [],
  }),
  createAccount: endpoint({
    ...accountRoutes.createAccount,
    tag: 'accounts',
    summary: 'Add a money account (admins only)',
    description: '`isDefault: true` makes it the default in place of the current one.',
    adminsOnly: m.adminsOnlyAccounts,
    body: AccountBody,
    responses: { 201: AccountMutation },
    errors: [409],
  }),
  updateAccount: endpoint({
    ...accountRoutes.updateAccount,
    tag: 'accounts',
    summary: 'Change a money account (admins only)',
    adminsOnly: m.adminsOnlyAccounts,
    params: AccountParams,
    body: AccountBody,
    responses: { 200: AccountMutation },
    errors: [404, 409],
  }),
  createTransfer: endpoint({
    ...accountRoutes.createTransfer,
    tag: 'accounts',
    summary: 'Move money from one account to another (no report figure changes)',
    body: TransferBody,
    responses: { 201: TransferMutation },
    errors: [404, 409],
  }),
  reverseTransfer: endpoint({
    ...accountRoutes.reverseTransfer,
    tag: 'accounts',
    summary: 'Reverse a transfer (a mirrored transfer; never edited)',
    params: IdParams,
    body: ReasonBody,
    responses: { 201: TransferMutation },
    errors: [404, 409],
  }),
  getRegister: endpoint({
    ...accountRoutes.getRegister,
    tag: 'accounts',
    summary: "An account's money movements, newest first, with the running balance",
    description: 'Paged like the journal: pass `next` as `after` for the following page.',
    params: AccountParams,
    query: RegisterQuery,
    responses: { 200: RegisterPage },
    errors: [404],
  }),
  previewStatement: endpoint({
    ...accountRoutes.previewStatement,
    tag: 'accounts',
    summary: 'Read a bank statement and show what an import of it would store, storing nothing',
    description:
      'The same multipart body as the import. For a CSV or Excel statement, answers its header, ' +
      'the columns and formats used (detected, or as `options` gives them) and, when its lines ' +
      'cannot be read as mapped, the first refusal as `problem` (200), so that the mapping can ' +
      'be corrected; other formats are refused with 400 as the import refuses them.',
    params: AccountParams,
    responses: { 200: StatementPreview },
    errors: [404, 413, 415],
  }),
  importStatement: endpoint({
    ...accountRoutes.importStatement,
    tag: 'accounts',
    summary: "Import a bank statement into an account's statement lines",
    description:
      'multipart/form-data: `options` (StatementOptions as JSON) then `file` (CSV, XLSX, ' +
      'OFX/QFX, CAMT.053 or MT940, up to 20 MB; 413 beyond). Lines already imported are ' +
      'recognised and counted as `known`; balances that do not chain are reported. A line dated ' +
      'after today or with an amount past 999,999,999,999.99 is refused with 400 naming its ' +
      "line, and a statement in another currency than the account's with 400 naming both. " +
      'A statement of more than 2,000 lines is answered at once with `state` "importing" and ' +
      'written in batches that let other requests through; the statement list shows its ' +
      'progress. A file of more than 1 MB (256 KB for Excel) that may hold more than 2,000 ' +
      'lines is answered "importing" before it is read (`lines` 0): a refusal of it (as above, ' +
      'or its reconciled period) ends the import `refused` in the statement list with the ' +
      'message, nothing stored. While an import of the account is under way, another import, ' +
      'an undo and "reconciled through" are refused with 409.',
    params: AccountParams,
    responses: { 201: StatementImported },
    errors: [404, 409, 413, 415],
  }),
  listStatements: endpoint({
    ...accountRoutes.listStatements,
    tag: 'accounts',
    summary: "An account's statement imports, newest first",
    params: AccountParams,
    responses: { 200: StatementImportList },
    errors: [404],
  }),
  undoStatement: endpoint({
    ...accountRoutes.undoStatement,
    tag: 'accounts',
    summary: 'Undo a statement import as one: its lines go (none may be matched or excluded)',
    description:
      'A line that another import, not undone, also holds (the same line in an overlapping ' +
      "statement) stays, and is that import's from then on. An excluded line is put back to " +
      'unmatched first with DELETE /accounts/:id/lines/:lineId/exclude.',
    params: StatementImportParams,
    body: ReasonBody,
    responses: { 200: MessageResponse },
    errors: [404, 409],
  }),
  getReconcile: endpoint({
    ...accountRoutes.getReconcile,
    tag: 'accounts',
    summary:
      'The reconciliation worklist: statement lines with suggestions, unmatched entries and transfers',
    description:
      'A suggestion is entries of the same direction adding up to the line, or a transfer with ' +
      'another money account of the same signed amount (`transferIds`, `entryIds` empty), ' +
      'dated within the suggestion days.',
    params: AccountParams,
    query: ReconcileQuery,
    responses: { 200: Worklist },
    errors: [404],
  }),
  searchOpenItems: endpoint({
    ...accountRoutes.searchOpenItems,
    tag: 'accounts',
    summary: "Search the account's unmatched entries and transfers (Find & match)",
    description:
      'By direction (`in`: money into the account), amount without its sign, a date range and ' +
      "text (the party's or other account's name, the description, or the number); at most 50 " +
      'of each, the latest first, `more` telling that more matched.',
    params: AccountParams,
    query: OpenItemsQuery,
    responses: { 200: OpenItems },
    errors: [404],
  }),
  matchLine: endpoint({
    ...accountRoutes.matchLine,
    tag: 'accounts',
    summary: 'Match a statement line to entries (and transfers) that add up to it',
    params: AccountParams,
    body: MatchBody,
    responses: { 201: Matched },
    errors: [404, 409],
  }),
  acceptSuggested: endpoint({
    ...accountRoutes.acceptSuggested,
    tag: 'accounts',
    summary:
      'Match the unmatched lines that have exactly one strong suggestion, a bounded number a call',
    description:
      'A suggestion of entries or of a transfer alike: a line with two strong suggestions, or ' +
      'none, is left for the clerk.',
    params: AccountParams,
    query: AcceptSuggestedQuery,
    responses: { 200: AcceptedSuggested },
    errors: [404],
  }),
  unmatchLine: endpoint({
    ...accountRoutes.unmatchLine,
    tag: 'accounts',
    summary: "Undo a line's match, with a reason (a reconciled match: admins only)",
    description:
      'A line dated on or before the account\'s "reconciled through" day: refused (409, naming ' +
      'the day) but to an admin, whose reason is then recorded in the activity.',
    params: LineParams,
    body: ReasonBody,
    responses: { 200: Matched },
    errors: [404, 409],
  }),
  createLineEntry: endpoint({
    ...accountRoutes.createLineEntry,
    tag: 'accounts',
    summary:
      'Record the entry a statement line shows, or book it to a ledger account, and match it',
    description:
      'Amount and date come from the line; money in is income, money out an expense or salary. ' +
      'With `kind: "ledger"` and `ledgerAccountId`, the line is booked by a voucher between the ' +
      'money account and that account (bank charges, bank profit, other income), answered as ' +
      '`voucher`.',
    params: LineParams,
    body: LineEntryBody,
    responses: { 201: LineBooked },
    errors: [404, 409],
  }),
  excludeLine: endpoint({
    ...accountRoutes.excludeLine,
    tag: 'accounts',
    summary: 'Exclude a statement line that should never be an entry, with a reason',
    params: LineParams,
    body: ReasonBody,
    responses: { 200: Matched },
    errors: [404, 409],
  }),
  undoExclude: endpoint({
    ...accountRoutes.undoExclude,
    tag: 'accounts',
    summary: "Undo a line's exclusion, with a reason: the line is unmatched again",
    description:
      "Refused (409) for a line that is not excluded. A line dated on or before the account's " +
      '"reconciled through" day: refused (409, naming the day) but to an admin, whose reason is ' +
      'then recorded in the activity.',
    params: LineParams,
    body: ReasonBody,
    responses: { 200: Matched },
    errors: [404, 409],
  }),
  markReconciled: endpoint({
    ...accountRoutes.markReconciled,
    tag: 'accounts',
    summary: 'Mark an account reconciled through a day, locking its matches',
    description:
      'Refused (409) with the difference when the opening balance plus every matched movement ' +
      'through the day is not the closing balance. The day is never after today (400) and only ' +
      'moves forward: moving it back is refused (409, naming the day) but to an admin giving ' +
      '`reason`, recorded in the activity. While a day is reconciled, nothing on or before it in ' +
      'the account is written (entries, reversals, corrections, transfers, matches, the opening ' +
      'balance or day) but by an admin giving a reason.',
    params: AccountParams,
    body: ReconciledBody,
    responses: { 200: AccountMutation },
    errors: [404, 409],
  }),
  reconciliationPdf: endpoint({
    ...accountRoutes.reconciliationPdf,
    tag: 'accounts',
    summary: 'The bank reconciliation statement for a day as an A4 PDF',
    params: AccountParams,
    query: ReconciliationQuery,
    responses: { 200: PdfBytes },
    errors: [404],
  }),
  reconciliationExcel: endpoint({
    ...accountRoutes.reconciliationExcel,
    tag: 'accounts',
    summary: 'The bank reconciliation statement for a day as an Excel file',
    params: AccountParams,
    query: ReconciliationQuery,
    responses: { 200: XlsxBytes },
    errors: [404],
  }),
};
