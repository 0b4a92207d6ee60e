import { Table, type TableColumn } from 'shared-ui';

export interface ImportsTableProps<T extends { id: number; fileName: string }> {
  caption: string;
  emptyText: string;
  loading: boolean;
  rows: T[];
  /** The columns after the import's number and file. */
  columns: Array<TableColumn<T>>;
}

/** Past imports as both imports list them: each one's number and file first. */
export function ImportsTable<T extends { id: number; fileName: string }>({
  columns,
  ...table
}: ImportsTableProps<T>) {
  return (
    <Table<T>
      {...table}
      rowKey={(row) => row.id}
      columns={[
        { key: 'id', header: '#', render: (row) => row.id, kind: 'count' },
        { key: 'file', header: 'File', render: (row) => row.fileName },
        ...columns,
      ]}
    />
  );
}
