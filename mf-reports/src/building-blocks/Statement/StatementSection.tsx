import { AppLink, Table, href, sumMoney } from 'shared-ui';
import type { Money, TableColumn } from 'shared-ui';
import type { Change, StatementRow } from 'contract/browser';
import { COMPARE_LABELS, percentText, type Compared } from '../Compare';
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
  /** What the figures are compared with, and the section's total against it. */
  compared?: { with: Compared; total: Change | undefined };
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

/** The other period's figure, the change and its percent, beside each account's figure. */
const compareColumns = (compared: Compared): Array<TableColumn<StatementRow>> => [
  {
    key: 'other',
    header: COMPARE_LABELS[compared],
    kind: 'money',
    value: (row) => row.compare?.other ?? 0,
  },
  { key: 'change', header: 'Change', kind: 'money', value: (row) => row.compare?.change ?? 0 },
  {
    key: 'percent',
    header: 'Change %',
    kind: 'count',
    value: (row) => percentText(row.compare?.percent ?? null),
  },
];

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
  compared,
}: StatementSectionProps) {
  return (
    <div className="reports-statement__section">
      <h2 className="reports-statement__heading">{title}</h2>
      <Table
        caption={title}
        columns={[...columns(ledgerRange), ...(compared ? compareColumns(compared.with) : [])]}
        rows={rows}
        rowKey={(row) => row.accountId ?? `${row.code} ${row.name}`}
        loading={loading}
        emptyText="No accounts"
        figures={{
          totals: {
            label: `Total ${title.toLowerCase()}`,
            values: {
              amount: total ?? sumMoney(rows.map((row) => row.amount)),
              ...(compared?.total
                ? {
                    other: compared.total.other,
                    change: compared.total.change,
                    percent: percentText(compared.total.percent),
                  }
                : {}),
            },
          },
        }}
      />
    </div>
  );
}
