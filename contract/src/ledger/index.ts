// The general ledger in the contract (issue 40): schemas, messages and calls side by side.
export * from './schemas.js';
export * from './messages.js';
export * from './endpoints.js';
