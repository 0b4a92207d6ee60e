// Public surface of the contract package: schemas, their types, the message catalogue and the
// description of every endpoint.
export * from './kinds.js';
export * from './common.js';
export * from './users.js';
export * from './people.js';
export * from './expenses.js';
export * from './reports.js';
export * from './journal.js';
export * from './activity.js';
export * from './two-step.js';
export * from './backups.js';
export * from './batches.js';
export * from './messages.js';
export * from './error-codes.js';
export * from './csv.js';
export * from './endpoint.js';
export * from './endpoints.js';
export * from './remotes.js';
export * from './screens.js';
export * from './text.js';
export * from './receipts.js';
export * from './receipt-endpoints.js';
export * from './payroll.js';
export * from './recurring.js';
export * from './paging.js';
export * from './imports.js';
export * from './exports.js';
