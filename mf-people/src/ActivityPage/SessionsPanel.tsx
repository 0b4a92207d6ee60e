import { useCallback, useEffect, useState } from 'react';
import { messages, type OpenSession } from 'contract';
import {
  Button,
  call,
  confirm,
  DataTable,
  endpoints,
  errorMessage,
  notify,
  type DataTableColumn,
} from 'shared-ui';

/** Ends one session, or every session of one user. */
type EndCall = () => Promise<{ message: string }>;

/** Every open session: who, since when, last seen, from where; an admin can end them. */
export function SessionsPanel() {
  const [sessions, setSessions] = useState<OpenSession[]>([]);
  const [loading, setLoading] = useState(true);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setSessions((await call(endpoints.listSessions, { query: {} })).users);
      setFailure(null);
    } catch (error) {
      setFailure(errorMessage(error, endpoints.listSessions.texts.error));
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const end = async (key: string, question: string, endCall: EndCall) => {
    if (!confirm(question)) return;
    setBusy(key);
    try {
      const answer = await endCall();
      notify(answer.message);
      await load();
    } catch (error) {
      notify(errorMessage(error, endpoints.endSession.texts.error));
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
                void end(`one-${row.id}`, messages.confirmEndSession, () =>
                  call(endpoints.endSession, { params: { id: row.id } }),
                )
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
                void end(`all-${row.userId}`, messages.confirmEndUserSessions, () =>
                  call(endpoints.endUserSessions, { params: { id: row.userId } }),
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
