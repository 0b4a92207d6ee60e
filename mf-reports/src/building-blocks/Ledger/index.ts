export { Ledger } from './Ledger';
export type { LedgerPageQuery, LedgerPicker, LedgerProps } from './Ledger';
export { ledgerColumns, openingLine } from './ledger-columns';
export type { LedgerEntry } from './ledger-columns';
