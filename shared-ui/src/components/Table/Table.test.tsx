import { render, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Table, VIRTUALISE_AFTER } from './Table';
import type { TableColumn } from './Table';

interface Row {
  id: number;
  name: string;
}
const columns: Array<TableColumn<Row>> = [
  { key: 'id', header: 'ID', render: (row) => row.id },
  { key: 'name', header: 'Name', render: (row) => row.name },
];

interface Figure {
  id: number;
  month: string;
  amount: string;
}
const figureColumns: Array<TableColumn<Figure>> = [
  { key: 'month', header: 'Month', value: (row) => row.month },
  { key: 'amount', header: 'Amount', value: (row) => row.amount, kind: 'money' },
];
const figures = (count: number): Figure[] =>
  Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    month: `M${index + 1}`,
    amount: '1000.50',
  }));

describe('Table, as cards on a phone', () => {
  it("labels each cell with its column's header and marks the party and the figure", () => {
    render(
      <Table
        caption="Figures"
        columns={[
          { key: 'when', header: 'Date', value: (row: Figure) => row.month },
          {
            key: 'party',
            header: 'Client',
            value: (row: Figure) => `Client ${row.id}`,
            card: 'lead',
          },
          { key: 'debit', header: 'Debit', value: (row: Figure) => row.amount, kind: 'money' },
          { key: 'balance', header: 'Balance', value: (row: Figure) => row.amount, kind: 'money' },
        ]}
        rows={figures(1)}
        rowKey={(row) => row.id}
      />,
    );
    const cells = within(screen.getByRole('table')).getAllByRole('cell');
    expect(cells.map((cell) => [cell.dataset.label, cell.className])).toEqual([
      ['Date', ''],
      ['Client', 'ofs-table__card-lead'],
      ['Debit', 'ofs-table__num'],
      // Without a marked figure, the last money column follows the party.
      ['Balance', 'ofs-table__num ofs-table__card-figure'],
    ]);
  });
});

describe('Table, plain list', () => {
  it('should show Loading... while loading', () => {
    render(<Table caption="Things" columns={columns} rows={[]} rowKey={(r) => r.id} loading />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
  });

  it('should show the empty state when there are no rows', () => {
    render(<Table caption="Things" columns={columns} rows={[]} rowKey={(r) => r.id} />);
    expect(screen.getByText('No records found')).toBeInTheDocument();
  });

  it('should render one row per record under column headers, with no totals row', () => {
    render(
      <Table
        caption="Things"
        columns={columns}
        rows={[
          { id: 1, name: 'Rent' },
          { id: 2, name: 'Fuel' },
        ]}
        rowKey={(r) => r.id}
      />,
    );
    expect(screen.getByRole('table', { name: 'Things' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Name' })).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(3);
    expect(screen.getByRole('cell', { name: 'Fuel' })).toBeInTheDocument();
    expect(screen.queryByText('Total')).not.toBeInTheDocument();
  });
});

/** Renders a figures table once its role's code has loaded (it loads on first use). */
async function renderFigures(ui: ReactElement) {
  render(ui);
  await waitFor(() => expect(screen.getByRole('table')).toHaveClass('ofs-table--figures'));
}

describe('Table, figures', () => {
  it('should show money formatted, the opening line and the totals row', async () => {
    await renderFigures(
      <Table
        caption="Figures"
        columns={figureColumns}
        rows={figures(2)}
        rowKey={(r) => r.id}
        figures={{
          opening: { label: 'Opening balance', values: { amount: '5' } },
          totals: { label: 'Total', values: { amount: '2001' } },
        }}
      />,
    );
    expect(screen.getAllByRole('row')).toHaveLength(5);
    const rows = (index: number) => within(screen.getAllByRole('row')[index] as HTMLElement);
    expect(rows(1).getByRole('rowheader')).toHaveTextContent('Opening balance');
    expect(rows(1).getByRole('cell')).toHaveTextContent('5.00');
    expect(rows(2).getAllByRole('cell').at(1)).toHaveTextContent('1,000.50');
    expect(rows(4).getByRole('rowheader')).toHaveTextContent('Total');
    expect(rows(4).getByRole('cell')).toHaveTextContent('2,001.00');
  });

  it('should say more rows are arriving instead of totalling part of them', async () => {
    await renderFigures(
      <Table
        caption="Figures"
        columns={figureColumns}
        rows={figures(3)}
        rowKey={(r) => r.id}
        figures={{ totals: { label: 'Total', values: {} }, morePending: true }}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading more entries... 3 so far');
    expect(screen.queryByText('Total')).not.toBeInTheDocument();
  });

  it('should render only the rows near the view of a long list, counting all of them', async () => {
    const count = VIRTUALISE_AFTER * 10;
    await renderFigures(
      <Table
        caption="Long"
        columns={figureColumns}
        rows={figures(count)}
        rowKey={(r) => r.id}
        figures={{ totals: { label: 'Closing totals', values: { amount: '3001500' } } }}
      />,
    );
    const table = screen.getByRole('table', { name: 'Long' });
    expect(table).toHaveAttribute('aria-rowcount', String(count + 2));
    const dataRows = screen
      .getAllByRole('row')
      .filter((row) => row.querySelector('td') && !row.closest('tfoot'));
    expect(dataRows.length).toBeLessThan(100);
    expect(dataRows[0]).toHaveAttribute('aria-rowindex', '2');
    expect(screen.getByRole('rowheader', { name: 'Closing totals' })).toBeInTheDocument();
    expect(
      screen.getByText(Number(count * 1000.5).toLocaleString('en', { minimumFractionDigits: 2 })),
    ).toBeInTheDocument();
  });

  it('should not window a plain list, however long', () => {
    const count = VIRTUALISE_AFTER + 1;
    render(
      <Table caption="All" columns={figureColumns} rows={figures(count)} rowKey={(r) => r.id} />,
    );
    expect(screen.getAllByRole('row')).toHaveLength(count + 1);
  });
});
