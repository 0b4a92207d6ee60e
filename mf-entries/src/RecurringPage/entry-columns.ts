import type { CreditDebit, EntryKind } from 'contract/browser';
import { formatMoney, type TableColumn } from 'shared-ui';

/** What a schedule and each of its occurrences post. */
interface Posts {
  kind: EntryKind;
  partyName: string;
  description: string;
  amount: number;
  creditDebit: CreditDebit;
}

/** The entry a schedule posts, as the schedules and the due list show it. */
export const entryColumns = <T extends Posts>(): Array<TableColumn<T>> => [
  { key: 'party', header: 'Party', render: (row) => `${row.partyName} (${row.kind})` },
  { key: 'description', header: 'Description', render: (row) => row.description },
  {
    key: 'amount',
    header: 'Amount',
    kind: 'money',
    render: (row) => `${formatMoney(row.amount)} ${row.creditDebit}`,
  },
];
