import { useCallback, useEffect, useState } from 'react';
import { messages, type OpenSession, type SessionList } from 'contract';
import {
  api,
  Button,
  confirm,
  DataTable,
  errorMessage,
  notify,
  type DataTableColumn,
} from 'shared-ui';

const LIST_MESSAGES = {
  failure: messages.failedFetchSessions,
  error: messages.errorFetchingSessions,
};
const END_MESSAGES = { failure: messages.failedEndSession, error: messages.errorEndingSession };

/** Every open session: who, since when, last seen, from where; an admin can end them. */
export function SessionsPanel() {
  const [sessions, setSessions] = useState<OpenSession[]>([]);
  const [loading, setLoading] = useState(true);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setSessions((await api.get<SessionList>('/sessions', LIST_MESSAGES)).users);
      setFailure(null);
    } catch (error) {
      setFailure(errorMessage(error, messages.errorFetchingSessions));
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const end = async (key: string, question: string, path: string) => {
    if (!confirm(question)) return;
    setBusy(key);
    try {
      const answer = await api.del<{ message: string }>(path, END_MESSAGES);
      notify(answer.message);
      await load();
    } catch (error) {
      notify(errorMessage(error, messages.errorEndingSession));
    } finally {
      setBusy(null);
    }
  };

  const columns: Array<DataTableColumn<OpenSession>> = [
    { key: 'user', header: 'User', render: (row) => `${row.name} (${row.email})` },
    {
      key: 'signedInAt',
      header: 'Signed in at',
      render: (row) => new Date(row.signedInAt).toLocaleString(),
    },
    {
      key: 'lastSeenAt',
      header: 'Last seen',
      render: (row) => new Date(row.lastSeenAt).toLocaleString(),
    },
    { key: 'address', header: 'Address', render: (row) => row.address || '—' },
    { key: 'browser', header: 'Browser', render: (row) => row.browser || '—' },
    {
      key: 'end',
      header: 'End',
      render: (row) =>
        row.current ? (
          'This session'
        ) : (
          <div className="ofs-toolbar">
            <Button
              variant="danger"
              busy={busy === `one-${row.id}`}
              busyLabel="Ending..."
              aria-label={`End session of ${row.email} signed in ${new Date(row.signedInAt).toLocaleString()}`}
              onClick={() =>
                void end(`one-${row.id}`, messages.confirmEndSession, `/sessions/${row.id}`)
              }
            >
              End session
            </Button>
            <Button
              variant="secondary"
              busy={busy === `all-${row.userId}`}
              busyLabel="Ending..."
              aria-label={`End all sessions of ${row.email}`}
              onClick={() =>
                void end(
                  `all-${row.userId}`,
                  messages.confirmEndUserSessions,
                  `/sessions/user/${row.userId}`,
                )
              }
            >
              End all of this user&apos;s
            </Button>
          </div>
        ),
    },
  ];

  if (failure) {
    return (
      <p role="alert" className="ofs-card mf-activity__refused">
        {failure}
      </p>
    );
  }
  return (
    <DataTable
      caption={messages.sessionsTitle}
      columns={columns}
      rows={sessions}
      rowKey={(row) => row.id}
      loading={loading}
    />
  );
}
