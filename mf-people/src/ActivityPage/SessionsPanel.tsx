import { type OpenSession } from 'contract/browser';
import {
  Button,
  confirm,
  Table,
  formatTimestamp,
  endpoints,
  errorMessage,
  useApiQuery,
  useApiWrite,
  type TableColumn,
  messages,
} from 'shared-ui';

const NO_SESSIONS: OpenSession[] = [];

/** Every open session: who, since when, last seen, from where; an admin can end them. */
export function SessionsPanel() {
  const sessions = useApiQuery(endpoints.listSessions, { query: {} }, { onError: 'quiet' });
  // Ending a session refreshes the list (the contract's topics).
  const said = { success: (answer: { message: string }) => answer.message };
  const endOne = useApiWrite(endpoints.endSession, said);
  const endAll = useApiWrite(endpoints.endUserSessions, {
    ...said,
    errorText: endpoints.endSession.texts.error,
  });
  const busy = endOne.pending
    ? `one-${endOne.pending.params.id}`
    : endAll.pending
      ? `all-${endAll.pending.params.id}`
      : null;

  const end = async (question: string, endCall: () => Promise<unknown>) => {
    if (confirm(question)) await endCall();
  };

  const columns: Array<TableColumn<OpenSession>> = [
    { key: 'user', header: 'User', render: (row) => `${row.name} (${row.email})` },
    {
      key: 'signedInAt',
      header: 'Signed in at',
      render: (row) => formatTimestamp(row.signedInAt),
    },
    {
      key: 'lastSeenAt',
      header: 'Last seen',
      render: (row) => formatTimestamp(row.lastSeenAt),
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
              aria-label={`End session of ${row.email} signed in ${formatTimestamp(row.signedInAt)}`}
              onClick={() =>
                void end(messages.confirmEndSession, () => endOne.run({ params: { id: row.id } }))
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
                void end(messages.confirmEndUserSessions, () =>
                  endAll.run({ params: { id: row.userId } }),
                )
              }
            >
              End all of this user&apos;s
            </Button>
          </div>
        ),
    },
  ];

  if (sessions.error) {
    return (
      <p role="alert" className="ofs-card mf-activity__refused">
        {errorMessage(sessions.error, endpoints.listSessions.texts.error)}
      </p>
    );
  }
  return (
    <Table
      caption={messages.sessionsTitle}
      columns={columns}
      rows={sessions.data?.users ?? NO_SESSIONS}
      rowKey={(row) => row.id}
      loading={sessions.isPending}
    />
  );
}
