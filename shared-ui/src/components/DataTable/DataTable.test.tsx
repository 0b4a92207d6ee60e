import { render, screen } from '@testing-library/react';
import { DataTable } from './DataTable';

interface Row {
  id: number;
  name: string;
}
const columns = [
  { key: 'id', header: 'ID', render: (row: Row) => row.id },
  { key: 'name', header: 'Name', render: (row: Row) => row.name },
];

describe('DataTable', () => {
  it('should show Loading... while loading', () => {
    render(<DataTable caption="Things" columns={columns} rows={[]} rowKey={(r) => r.id} loading />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
  });

  it('should show the empty state when there are no rows', () => {
    render(<DataTable caption="Things" columns={columns} rows={[]} rowKey={(r) => r.id} />);
    expect(screen.getByText('No records found')).toBeInTheDocument();
  });

  it('should render one row per record under column headers', () => {
    render(
      <DataTable
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
  });
});
