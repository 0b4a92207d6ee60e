export { Ledger } from './Ledger';
export type { LedgerPicker, LedgerProps } from './Ledger';
export { ledgerColumns, openingLine } from './ledger-columns';
export type { BalanceRule, LedgerEntry } from './ledger-columns';
