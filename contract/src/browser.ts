// The contract as the browser takes it (`contract/browser`): every call's route (method, path,
// access, topics, texts; routes.ts), the message catalogue, the kinds, money and date helpers and
// the screens, and every type of the contract as a type only. The server's half of each call (its
// TypeBox schemas and documentation, `<domain>-endpoints.ts`) is not reachable from here, so the
// browser bundles carry neither the schemas nor TypeBox; the api imports `contract`, the whole.
import type { Endpoints } from './endpoints.js';
import { routes } from './routes.js';

export type * from './index.js';

/**
 * Every call of the API by operationId, as the browser's client makes it. Typed as the whole
 * table, so that a call's input and answer types come from its schemas; at run time an entry
 * holds only its route (`Route`): no browser code reads a schema.
 */
export const endpoints = routes as unknown as Endpoints;
export { routes };

export { defineEndpoint, defineRoute, endpointPath, isWrite, queryString } from './endpoint.js';
export { changesWhatItReads, TOPICS } from './topics.js';
export { apiMessages, messages } from './messages.js';
export { accountMessages } from './account-messages.js';
export { clerkMessages } from './clerk-routes.js';
export { CORRECTION_CHANGES_NOTHING } from './journal-messages.js';
export { importMessages } from './import-messages.js';
export { payrollPostedText } from './payroll-messages.js';
export { payslipFileName } from './payslip-messages.js';
export {
  AUDIT_ACTIONS,
  CREDIT_DEBIT,
  ENTRY_KINDS,
  ENTRY_RECORD_KINDS,
  RECORD_KINDS,
  isOneOf,
} from './kind-values.js';
export {
  addMoney,
  centsText,
  compareMoney,
  formatMoney,
  formatRs,
  fromCents,
  parseMoney,
  plainMoney,
  subtractMoney,
  sumMoney,
  toCents,
} from './money.js';
export { MONTH_NAMES, SHORT_MONTH_NAMES } from './months.js';
export { csvCell, toCsv } from './csv.js';
export { REMOTES } from './remotes.js';
export { canWrite, personText } from './user-values.js';
export { href, queryFields, queryText, readQuery, screens, unreadableParams } from './screens.js';
export { ACCOUNT_KINDS, OFFICE_CURRENCY, SIGNED_AMOUNT_PATTERN } from './account-values.js';
export { LOGO_MAX_BYTES } from './company-values.js';
export {
  DATE_FORMATS,
  IMPORT_KINDS,
  IMPORT_KIND_FIELDS,
  IMPORT_KIND_LABELS,
  NUMBER_FORMATS,
  importFieldLabel,
} from './import-values.js';
export { financialYearStart } from './ledger/values.js';
export { RECEIPT_FORM, RECEIPT_MEDIA_TYPES } from './receipt-values.js';
export { RECURRING_LIMITS, REPEATS } from './recurring-values.js';
export { HEALTH_BATCH_MAX } from './release-values.js';
export { STATEMENT_FORMATS } from './statement-values.js';
