export { Ledger } from './Ledger';
export type { LedgerPicker, LedgerProps } from './Ledger';
export { ledgerColumns, openingBalance, openingLine, signedAmount } from './ledger-columns';
export type { BalanceRule, LedgerEntry } from './ledger-columns';
