export { Ledger } from './Ledger';
export type { LedgerPageQuery, LedgerPicker, LedgerProps } from './Ledger';
export { ledgerColumns, openingLine } from './ledger-columns';
export { LEDGER_PAGE_ROWS } from './useLedger';
export type { LedgerEntry } from './ledger-columns';
