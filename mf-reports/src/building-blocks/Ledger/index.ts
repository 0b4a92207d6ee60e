export { Ledger, LEDGER_PAGE_ROWS } from './Ledger';
export type { LedgerPageQuery, LedgerPicker, LedgerProps } from './Ledger';
export { ledgerColumns, openingLine } from './ledger-columns';
export type { BalanceRule, LedgerEntry } from './ledger-columns';
