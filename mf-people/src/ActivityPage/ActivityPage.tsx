import { Table, ListPager, Tabs, messages, useIsAdmin } from 'shared-ui';
import { ActivityFilters } from './ActivityFilters';
import { SessionsPanel } from './SessionsPanel';
import { activityColumns } from './activity-columns';
import { useActivityLog } from './useActivityLog';
import './ActivityPage.css';

/** The audit log: filters and the page position live in the URL, so a view is a link. */
function ActivityLog() {
  const log = useActivityLog();
  const next = log.page?.next;

  if (log.error && !log.page) {
    return (
      <p role="alert" className="ofs-card mf-activity__refused">
        {log.error}
      </p>
    );
  }
  return (
    <section aria-label="Activity log">
      <ActivityFilters
        draft={log.draft}
        change={(name) => log.change(name)}
        users={log.users}
        onApply={log.apply}
        onClear={log.clear}
        onDownload={() => void log.downloadCsv()}
        downloading={log.downloading}
      />
      <Table
        caption="Activity"
        columns={activityColumns}
        rows={log.page?.users ?? []}
        rowKey={(row) => row.id}
        loading={log.loading}
      />
      <ListPager
        className="ofs-toolbar mf-activity__pager"
        label="Activity pages"
        firstLabel="Newest"
        onFirst={log.position ? () => log.goTo(null) : undefined}
        nextLabel="Older"
        onNext={next ? () => log.goTo(next) : undefined}
        disabled={log.loading}
      />
    </section>
  );
}

/**
 * Activity: who did what (admins, and viewers: an outside accountant reads the audit trail), and
 * for admins the sessions that are open now.
 */
export function ActivityPage() {
  const isAdmin = useIsAdmin();
  return (
    <div className="mf-activity">
      <h1 className="ofs-page-title">{messages.activityTitle}</h1>
      <Tabs
        label={messages.activityTitle}
        tabs={[
          { id: 'log', label: messages.activityTitle, content: <ActivityLog /> },
          ...(isAdmin
            ? [{ id: 'sessions', label: messages.sessionsTitle, content: <SessionsPanel /> }]
            : []),
        ]}
      />
    </div>
  );
}
