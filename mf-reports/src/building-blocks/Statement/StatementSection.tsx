import { AppLink, Table, href, sumMoney } from 'shared-ui';
import type { Money, TableColumn } from 'shared-ui';
import type { StatementRow } from 'contract';
import type { DateRange } from 'shared-ui';
import './Statement.css';

export interface StatementSectionProps {
  /** The section's heading and the table's caption: Assets, Income... */
  title: string;
  rows: StatementRow[];
  /** The section's total as the server worked it out. */
  total: Money | undefined;
  loading: boolean;
  /** The dates an account's general ledger opens with from its name. */
  ledgerRange: DateRange;
}

/** An account's name, leading to its general ledger for the statement's dates. */
export function accountLink(accountId: number | null, name: string, range: DateRange) {
  if (accountId === null) return name;
  return (
    <AppLink to={href('generalLedger', { accountId, from: range.from, to: range.to })}>
      {name}
    </AppLink>
  );
}

const columns = (range: DateRange): Array<TableColumn<StatementRow>> => [
  { key: 'code', header: 'Code', value: (row) => row.code },
  {
    key: 'name',
    header: 'Account',
    value: (row) => row.name,
    render: (row) => accountLink(row.accountId, row.name, range),
    card: 'lead',
  },
  { key: 'amount', header: 'Amount', kind: 'money', value: (row) => row.amount },
];

/**
 * One part of a statement (the assets of a balance sheet, the income of a profit and loss): its
 * accounts with their figures and the part's total.
 */
export function StatementSection({
  title,
  rows,
  total,
  loading,
  ledgerRange,
}: StatementSectionProps) {
  return (
    <div className="reports-statement__section">
      <h2 className="reports-statement__heading">{title}</h2>
      <Table
        caption={title}
        columns={columns(ledgerRange)}
        rows={rows}
        rowKey={(row) => row.accountId ?? `${row.code} ${row.name}`}
        loading={loading}
        emptyText="No accounts"
        figures={{
          totals: {
            label: `Total ${title.toLowerCase()}`,
            values: { amount: total ?? sumMoney(rows.map((row) => row.amount)) },
          },
        }}
      />
    </div>
  );
}
