import { useDeferredValue, useMemo, useState } from 'react';
import { Button, Table, Field, confirm, messages } from 'shared-ui';
import type { TableColumn } from 'shared-ui';
import { EditPersonModal } from '../EditPersonModal';
import { Pager } from '../Pager';
import { cellText } from '../PeopleScreen/person-values';
import { usePersonWrites } from '../PeopleScreen/usePersonWrites';
import type { PeopleScreenConfig, PersonRecord } from '../PeopleScreen/types';
import { useBalanceColumn } from './balances';
import './PeopleList.css';

/**
 * Rows per page. Paging (not virtual scrolling) keeps every shown row a real table row for
 * screen readers, find-in-page and print, and rows free to wrap on phones; see the README.
 */
export const PAGE_SIZE = 50;

export interface PeopleListProps<Row extends PersonRecord> {
  config: PeopleScreenConfig<Row>;
  rows: Row[];
  loading: boolean;
  /** False for a read-only viewer: no Edit and Delete. */
  canWrite?: boolean;
}

/** The second tab: search, a paged table, and Edit / Delete on each row for those who write. */
export function PeopleList<Row extends PersonRecord>({
  config,
  rows,
  loading,
  canWrite = true,
}: PeopleListProps<Row>) {
  const { fields } = config;
  const listed = useMemo(() => fields.filter((field) => field.listed !== false), [fields]);
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(0);
  const [editing, setEditing] = useState<Row | null>(null);
  const [saving, setSaving] = useState(false);
  const [deletingId, setDeletingId] = useState<number | null>(null);
  const busy = saving || deletingId !== null;
  const writes = usePersonWrites(config);

  // Lower-cased once per load, not once per keystroke: 5,000 rows filter in a few ms.
  const haystacks = useMemo(
    () => rows.map((row) => listed.map((field) => cellText(field, row).toLowerCase()).join('\n')),
    [rows, listed],
  );
  // Typing stays responsive; the table catches up with the latest text.
  const needle = useDeferredValue(query).trim().toLowerCase();
  const matches = useMemo(
    () => (needle === '' ? rows : rows.filter((_row, index) => haystacks[index]?.includes(needle))),
    [rows, haystacks, needle],
  );
  const pageCount = Math.max(1, Math.ceil(matches.length / PAGE_SIZE));
  // A delete or a narrower search can leave the page past the end: show the last one instead.
  const current = Math.min(page, pageCount - 1);
  const visible = matches.slice(current * PAGE_SIZE, (current + 1) * PAGE_SIZE);

  const onDelete = async (row: Row) => {
    if (!confirm(config.messages.confirmDelete)) return;
    setDeletingId(row.id);
    await writes.remove(row.id);
    setDeletingId(null);
  };

  const balance = useBalanceColumn<Row>(config.balances);
  const columns: Array<TableColumn<Row>> = listed.map((field) => ({
    key: field.name,
    header: field.label,
    render: (row: Row) => cellText(field, row),
  }));
  if (balance) columns.push(balance);
  if (canWrite)
    columns.push({
      key: 'actions',
      header: 'Actions',
      render: (row: Row) => (
        <div className="mf-people__row-actions">
          <Button variant="secondary" disabled={busy} onClick={() => setEditing(row)}>
            Edit
          </Button>
          <Button
            variant="danger"
            busy={deletingId === row.id}
            busyLabel={messages.deleting}
            disabled={busy}
            onClick={() => void onDelete(row)}
          >
            Delete
          </Button>
          {config.RowAction && <config.RowAction row={row} />}
        </div>
      ),
    });

  return (
    <section aria-label={config.manageTab}>
      <div className="mf-people__search">
        <Field label="Search">
          {(id) => (
            <input
              id={id}
              type="search"
              className="ofs-input"
              placeholder={`Name, email or ${listed.at(-1)?.label.toLowerCase() ?? ''}`}
              value={query}
              onChange={(event) => {
                setQuery(event.target.value);
                setPage(0);
              }}
            />
          )}
        </Field>
      </div>
      <Table
        caption={config.title}
        columns={columns}
        rows={visible}
        rowKey={(row) => row.id}
        loading={loading && rows.length === 0}
      />
      <Pager
        label={`${config.title} pages`}
        page={current}
        pageCount={pageCount}
        total={matches.length}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
        disabled={busy}
      />
      {editing && (
        <EditPersonModal
          config={config}
          row={editing}
          onClose={() => setEditing(null)}
          onBusyChange={setSaving}
          onSaved={() => setEditing(null)}
        />
      )}
    </section>
  );
}
