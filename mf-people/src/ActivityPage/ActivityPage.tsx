import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import {
  messages,
  personText,
  readQuery,
  unreadableParams,
  type ActivityPage as ActivityPageData,
  type ActivityRow,
  type User,
} from 'contract';
import {
  Button,
  call,
  download,
  endpoints,
  DataTable,
  DateInput,
  errorMessage,
  notify,
  Select,
  Tabs,
  TextField,
  useScreenQuery,
  useSetScreenQuery,
  type DataTableColumn,
  type ScreenQuery,
} from 'shared-ui';
import { SessionsPanel } from './SessionsPanel';
import {
  ACTION_OPTIONS,
  actionLabel,
  KIND_OPTIONS,
  kindLabel,
  recordLink,
  valueText,
} from './activity-labels';
import './ActivityPage.css';

/** The filters of the form, in its order, with their labels (to name one that is not valid). */
const FILTERS = {
  who: 'Who',
  kind: 'Kind of record',
  action: 'Action',
  from: 'From',
  to: 'To',
  record: 'Record id',
} as const;
type FilterName = keyof typeof FILTERS;
const FILTER_NAMES = Object.keys(FILTERS) as FilterName[];
/** The form's text of each filter. */
type Draft = Record<FilterName, string>;
/** The screen's query without the page position: what the list, its pages and the CSV share. */
type Filters = Omit<ScreenQuery<'activity'>, 'before'>;

const draftOf = (filters: Filters): Draft =>
  Object.fromEntries(
    FILTER_NAMES.map((name) => [name, filters[name] === undefined ? '' : String(filters[name])]),
  ) as Draft;

const filtersOf = (query: ScreenQuery<'activity'>): Filters => {
  const { before: _position, ...filters } = query;
  return filters;
};

/** The draft's text read as the screen's query (the contract's activity screen). */
const draftParams = (draft: Draft) => ({
  get: (name: string) => draft[name as FilterName] ?? null,
});

/** Who, with the e-mail that tells apart two people of one name; a deleted user as a former user. */
const whoText = (row: ActivityRow) => (row.actor ? personText(row.actor) : '—');

function Changes({ row }: { row: ActivityRow }) {
  if (row.changes.length === 0) return null;
  return (
    <ul className="mf-activity__changes">
      {row.changes.map((change) => (
        <li key={change.field}>
          <span className="mf-activity__field">{change.field}</span>: {valueText(change.before)} →{' '}
          {valueText(change.after)}
        </li>
      ))}
    </ul>
  );
}

function RecordCell({ row }: { row: ActivityRow }) {
  const label = row.recordId ? `${kindLabel(row.kind)} #${row.recordId}` : kindLabel(row.kind);
  const to = recordLink(row);
  return to ? <Link to={to}>{label}</Link> : <>{label}</>;
}

const columns: Array<DataTableColumn<ActivityRow>> = [
  { key: 'at', header: 'When', render: (row) => new Date(row.at).toLocaleString() },
  { key: 'who', header: 'Who', render: whoText },
  { key: 'action', header: 'Action', render: actionLabel },
  { key: 'record', header: 'Record', render: (row) => <RecordCell row={row} /> },
  { key: 'changes', header: 'Changes', render: (row) => <Changes row={row} /> },
  { key: 'address', header: 'Address', render: (row) => row.address || '—' },
  { key: 'browser', header: 'Browser', render: (row) => row.browser || '—' },
];

/** The audit log: filters and the page position live in the URL, so a view is a link. */
function ActivityLog() {
  const address = useScreenQuery('activity');
  const setAddress = useSetScreenQuery('activity');
  const query = JSON.stringify(filtersOf(address));
  const applied = useMemo(() => JSON.parse(query) as Filters, [query]);
  const before = address.before;
  const [draft, setDraft] = useState<Draft>(() => draftOf(applied));
  const [users, setUsers] = useState<User[]>([]);
  const [page, setPage] = useState<ActivityPageData | null>(null);
  const [loading, setLoading] = useState(true);
  // The filters and position the page on screen was read for: until the answer for the ones in
  // the address is in, the table says Loading... rather than showing the old rows for a frame.
  const [readFor, setReadFor] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);

  useEffect(() => setDraft(draftOf(applied)), [applied]);

  useEffect(() => {
    let live = true;
    call(endpoints.listUsers)
      .then((answer) => live && setUsers(answer.users))
      // The picker is a convenience: without it the other filters still work.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    let live = true;
    setLoading(true);
    call(endpoints.listActivity, { query: { ...applied, before } })
      .then((answer) => {
        if (!live) return;
        setPage(answer);
        setFailure(null);
      })
      .catch((error: unknown) => {
        if (!live) return;
        setPage(null);
        setFailure(errorMessage(error, endpoints.listActivity.texts.error));
      })
      .finally(() => {
        if (!live) return;
        setLoading(false);
        setReadFor(`${query}|${before}`);
      });
    return () => {
      live = false;
    };
    // `query` stands for `applied`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query, before]);

  const reading = loading || readFor !== `${query}|${before}`;

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const wrong = unreadableParams('activity', draftParams(draft)) as FilterName[];
    if (wrong.length > 0) {
      notify(`${messages.filterNotValid}: ${wrong.map((name) => FILTERS[name]).join(', ')}`);
      return;
    }
    setAddress(readQuery('activity', draftParams(draft)));
  };
  const set = (name: FilterName) => (value: string) =>
    setDraft((current) => ({ ...current, [name]: value }));
  const older = () => {
    if (!page?.next) return;
    setAddress({ ...applied, before: page.next });
  };
  const downloadCsv = async () => {
    setDownloading(true);
    try {
      await download(endpoints.activityCsv, { query: applied });
    } catch (error) {
      notify(errorMessage(error, endpoints.activityCsv.texts.error));
    } finally {
      setDownloading(false);
    }
  };

  if (failure && !page) {
    return (
      <p role="alert" className="ofs-card mf-activity__refused">
        {failure}
      </p>
    );
  }

  return (
    <section aria-label="Activity log">
      <form className="ofs-card mf-activity__filters" onSubmit={apply} aria-label="Filters">
        <Select
          label="Who"
          value={draft.who}
          onChange={set('who')}
          placeholder="Anyone"
          options={users.map((user) => ({
            value: String(user.id),
            label: `${user.name} (${user.email})`,
          }))}
        />
        <Select
          label="Kind of record"
          value={draft.kind}
          onChange={set('kind')}
          placeholder="Any kind"
          options={withCurrent(KIND_OPTIONS, draft.kind)}
        />
        <Select
          label="Action"
          value={draft.action}
          onChange={set('action')}
          placeholder="Any action"
          options={withCurrent(ACTION_OPTIONS, draft.action)}
        />
        <DateInput label="From" value={draft.from} onChange={set('from')} />
        <DateInput label="To" value={draft.to} onChange={set('to')} />
        <TextField
          label="Record id"
          value={draft.record}
          onChange={set('record')}
          inputMode="numeric"
        />
        <div className="ofs-toolbar mf-activity__actions">
          <Button type="submit">Apply</Button>
          <Button variant="secondary" onClick={() => setAddress({})}>
            Clear
          </Button>
          <Button
            variant="secondary"
            onClick={() => void downloadCsv()}
            busy={downloading}
            busyLabel="Downloading..."
          >
            Download CSV
          </Button>
        </div>
      </form>
      <DataTable
        caption="Activity"
        columns={columns}
        rows={page?.users ?? []}
        rowKey={(row) => row.id}
        loading={reading}
      />
      <nav aria-label="Activity pages" className="ofs-toolbar mf-activity__pager">
        <Button
          variant="secondary"
          disabled={!before || reading}
          onClick={() => setAddress(applied)}
        >
          Newest
        </Button>
        <Button variant="secondary" disabled={!page?.next || reading} onClick={older}>
          Older
        </Button>
      </nav>
    </section>
  );
}

/** A picker's options plus the value from the URL when the list does not know it. */
function withCurrent(options: Array<{ value: string; label: string }>, value: string) {
  return !value || options.some((option) => option.value === value)
    ? options
    : [...options, { value, label: value }];
}

/** Activity (admins only): who did what, and the sessions that are open now. */
export function ActivityPage() {
  return (
    <div className="mf-activity">
      <h1 className="ofs-page-title">{messages.activityTitle}</h1>
      <Tabs
        label={messages.activityTitle}
        tabs={[
          { id: 'log', label: messages.activityTitle, content: <ActivityLog /> },
          { id: 'sessions', label: messages.sessionsTitle, content: <SessionsPanel /> },
        ]}
      />
    </div>
  );
}
