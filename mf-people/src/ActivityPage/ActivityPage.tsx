import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  messages,
  personText,
  type ActivityQuery,
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
  type DataTableColumn,
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

const FILTERS = ['who', 'kind', 'action', 'from', 'to', 'record'] as const;
type FilterName = (typeof FILTERS)[number];
type Filters = Record<FilterName, string>;

const readFilters = (params: URLSearchParams): Filters =>
  Object.fromEntries(FILTERS.map((name) => [name, params.get(name) ?? ''])) as Filters;

/** The filters that are set, as a query string (no paging). */
const filterQuery = (filters: Filters): string => {
  const params = new URLSearchParams();
  for (const name of FILTERS) if (filters[name]) params.set(name, filters[name]);
  return params.toString();
};

/** A query string as the API takes it; values edited in the address are the server's to refuse. */
const queryOf = (query: URLSearchParams): ActivityQuery =>
  Object.fromEntries(query) as unknown as ActivityQuery;

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
  const [params, setParams] = useSearchParams();
  const applied = useMemo(() => readFilters(params), [params]);
  const before = params.get('before') ?? '';
  const [draft, setDraft] = useState<Filters>(applied);
  const [users, setUsers] = useState<User[]>([]);
  const [page, setPage] = useState<ActivityPageData | null>(null);
  const [loading, setLoading] = useState(true);
  // The filters and position the page on screen was read for: until the answer for the ones in
  // the address is in, the table says Loading... rather than showing the old rows for a frame.
  const [readFor, setReadFor] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);

  useEffect(() => setDraft(applied), [applied]);

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

  const query = filterQuery(applied);
  useEffect(() => {
    let live = true;
    setLoading(true);
    const paging = new URLSearchParams(query);
    if (before) paging.set('before', before);
    call(endpoints.listActivity, { query: queryOf(paging) })
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
  }, [query, before]);

  const reading = loading || readFor !== `${query}|${before}`;

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setParams(new URLSearchParams(filterQuery(draft)));
  };
  const set = (name: FilterName) => (value: string) =>
    setDraft((current) => ({ ...current, [name]: value }));
  const older = () => {
    if (!page?.next) return;
    const next = new URLSearchParams(query);
    next.set('before', String(page.next));
    setParams(next);
  };
  const downloadCsv = async () => {
    setDownloading(true);
    try {
      await download(endpoints.activityCsv, { query: queryOf(new URLSearchParams(query)) });
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
          <Button variant="secondary" onClick={() => setParams(new URLSearchParams())}>
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
          onClick={() => setParams(new URLSearchParams(query))}
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
