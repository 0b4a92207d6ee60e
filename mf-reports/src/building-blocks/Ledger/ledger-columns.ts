// The columns and balance arithmetic shared by the client, employee and expense ledgers.
import type { CreditDebit } from 'contract';
import { subtractMoney, type Money } from 'shared-ui';
import type { ReportColumn, SummaryLine } from '../FiguresTable';

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

/**
 * How an entry moves the balance. `owed` (client): a Debit is billed and adds to what the
 * client owes, a Credit is a payment and takes it off. `paid` (salary, expense): every entry is
 * money paid out and adds to the running total (DESIGN §5).
 */
export type BalanceRule = 'owed' | 'paid';

function signedAmount(entry: LedgerEntry, rule: BalanceRule): Money {
  return rule === 'owed' && entry.Creditdebit === 'Credit'
    ? subtractMoney(0, entry.ammount)
    : entry.ammount;
}

/** The balance brought forward: the first row's balance before its own amount. */
function openingBalance(rows: LedgerEntry[], rule: BalanceRule): Money | null {
  const first = rows[0];
  return first ? subtractMoney(first.balance, signedAmount(first, rule)) : null;
}

export function openingLine(rows: LedgerEntry[], rule: BalanceRule): SummaryLine | undefined {
  const opening = openingBalance(rows, rule);
  return opening === null ? undefined : { label: 'Opening balance', values: { balance: opening } };
}

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
