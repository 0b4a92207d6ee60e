// The columns and balance arithmetic shared by the client, employee and expense ledgers.
import type { CreditDebit } from 'contract/browser';
import type { Money, SummaryLine } from 'shared-ui';
import type { ReportColumn } from '../ReportTable';

/** What every ledger row carries (contract/src/reports.ts), whoever the party is. */
export interface LedgerEntry {
  id: number;
  date: string;
  ammount: Money;
  Creditdebit: CreditDebit;
  description: string;
  /** Running balance after this row, including what was brought forward. */
  balance: Money;
}

/** The line above the rows: the balance brought forward, as the server works it out. */
export const openingLine = (balance: Money): SummaryLine => ({
  label: 'Opening balance',
  values: { balance },
});

const side = (wanted: CreditDebit) => (entry: LedgerEntry) =>
  entry.Creditdebit === wanted ? entry.ammount : null;

export function ledgerColumns<Row extends LedgerEntry>(
  partyHeader: string,
  partyName: (row: Row) => string,
): Array<ReportColumn<Row>> {
  return [
    { key: 'date', header: 'Date', value: (row) => row.date },
    { key: 'party', header: partyHeader, value: partyName },
    { key: 'description', header: 'Description', value: (row) => row.description },
    { key: 'debit', header: 'Debit', kind: 'money', value: side('Debit'), total: 'sum' },
    { key: 'credit', header: 'Credit', kind: 'money', value: side('Credit'), total: 'sum' },
    {
      key: 'balance',
      header: 'Balance',
      kind: 'money',
      value: (row) => row.balance,
      // The closing balance: where the running balance ends.
      total: (rows) => rows[rows.length - 1]?.balance ?? null,
    },
  ];
}
