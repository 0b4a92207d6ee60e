import { act, screen } from '@testing-library/react';
import {
  defineEndpoint,
  endpoints,
  type Endpoint,
  type EndpointName,
  type Topic,
} from 'contract/browser';
import { collectDialogs, mockEndpoint, render } from '../testing';
import { readOf, useApiQuery } from './api-query';
import { createQueryClient, queryClient } from './query-client';
import { refreshAfter } from './refresh';
import { refreshedBeforeTopics } from './refreshed-before-topics';
import { useApiWrite, type ApiWriteOutcome } from './useApiWrite';

const table = endpoints as Readonly<Record<EndpointName, Endpoint>>;
const names = Object.keys(table) as EndpointName[];
const reads = names.filter((name) => table[name].method === 'GET');
const writes = names.filter((name) => table[name].method !== 'GET');

/** Every path parameter of an endpoint, given a value. */
const paramsOf = (endpoint: Endpoint) =>
  Object.fromEntries([...endpoint.path.matchAll(/:(\w+)/g)].map(([, name]) => [name, 1]));

/**
 * The reads a write refreshes, as the browser does it: a cache holding an answer of every GET,
 * each read as a screen reads it (its key and topics), then the write's refresh. A read is
 * refreshed when it is to be asked again, or when it now holds the write's answer (a write that
 * answers with that read's new state).
 */
async function refreshedBy(write: EndpointName): Promise<string[]> {
  const client = createQueryClient();
  for (const name of reads) {
    const read = readOf(table[name], { params: paramsOf(table[name]) } as never, 'quiet');
    await client.prefetchQuery({ ...read, queryFn: async () => ({ cached: name }) });
  }
  const answer = { answeredBy: write };
  await refreshAfter(client, table[write], answer);
  const refreshed = reads.filter((name) =>
    client
      .getQueryCache()
      .findAll({ queryKey: [name] })
      .some((query) => query.state.isInvalidated || query.state.data === answer),
  );
  client.clear();
  return refreshed;
}

/** The GETs that read a topic the write changes, from the endpoint table alone. */
const sharingATopic = (write: EndpointName) => {
  const changed = new Set<Topic>(table[write].changes ?? []);
  return reads.filter((name) => (table[name].reads ?? []).some((topic) => changed.has(topic)));
};

describe("every write's refresh, over the endpoint table", () => {
  it('should know every write of before and no other', () => {
    expect(Object.keys(refreshedBeforeTopics).sort()).toEqual([...writes].sort());
  });

  it.each(writes)(
    '%s should refresh exactly the reads of the topics it changes, and all it refreshed before',
    async (write) => {
      const refreshed = await refreshedBy(write);
      expect(refreshed).toEqual(sharingATopic(write));
      const before = refreshedBeforeTopics[write] ?? [];
      expect(before.filter((name) => !refreshed.includes(name))).toEqual([]);
    },
  );
});

describe('what a user sees refreshed after a write', () => {
  it('should show a new expense in the Journal, the reports, the ledgers and the dashboard', async () => {
    const refreshed = await refreshedBy('addExpense');
    expect(refreshed).toEqual(
      expect.arrayContaining([
        // The Journal and what was just recorded.
        'listJournal',
        'getJournalTotals',
        'listJustRecorded',
        // The dashboard's figures.
        'getFinance',
        'getOverBudget',
        'getReceiptsMissing',
        // The reports.
        'getExpenseVsType',
        'getIncomeReport',
        'getYearly',
        'getBudgetReport',
        'getMonthEnd',
        // The ledger pages and the general ledger.
        'getExpenseLedger',
        'listExpenseLedger',
        'listPartyBalances',
        'getTrialBalance',
        'getProfitLoss',
        'getBalanceSheet',
        'getGeneralLedger',
        // The money accounts and the activity log.
        'listAccounts',
        'getRegister',
        'listActivity',
      ]),
    );
    // An entry changes no list of people, users, settings or backups.
    for (const unchanged of ['listClients', 'listUsers', 'getCompany', 'listBackups'])
      expect(refreshed).not.toContain(unchanged);
  });

  it('should show a new client in the client list, the pickers and the counts, and no figure', async () => {
    const refreshed = await refreshedBy('addClient');
    expect(refreshed).toEqual(
      expect.arrayContaining(['listClients', 'getTotals', 'getSetup', 'listActivity']),
    );
    for (const unchanged of ['listJournal', 'getFinance', 'listEmployees', 'listUsers'])
      expect(refreshed).not.toContain(unchanged);
  });

  it("should refresh the Journal's receipts after attaching one, and not the figures", async () => {
    const refreshed = await refreshedBy('attachReceipts');
    expect(refreshed).toEqual(
      expect.arrayContaining(['listReceipts', 'listJournal', 'getReceiptsMissing']),
    );
    expect(refreshed).not.toContain('getFinance');
  });

  it('should refresh the reconciliation after a match, and the backups list after a backup', async () => {
    expect(await refreshedBy('matchLine')).toEqual(
      expect.arrayContaining(['getReconcile', 'searchOpenItems', 'getRegister']),
    );
    // (and the activity's CSV and a backup's download, which are files: asked for afresh anyway)
    expect(await refreshedBy('takeBackupNow')).toEqual([
      'listActivity',
      'activityCsv',
      'listBackups',
      'downloadBackup',
    ]);
  });
});

let write: ((variables: unknown) => Promise<ApiWriteOutcome<Endpoint>>) | undefined;
function Writer({ endpoint }: { endpoint: Endpoint }) {
  write = useApiWrite(endpoint).run as never;
  return null;
}

function Shown({ endpoint, label }: { endpoint: Endpoint; label: string }) {
  const { data } = useApiQuery(endpoint, undefined as never);
  return <p>{`${label}: ${data === undefined ? '...' : JSON.stringify(data)}`}</p>;
}

describe('a write on screen', () => {
  it('should ask again for a read of a topic it changes and leave an unrelated read alone', async () => {
    collectDialogs();
    const clients = mockEndpoint(table.listClients, { count: 1 } as never);
    const users = mockEndpoint(table.listUsers, { count: 3 } as never);
    const add = mockEndpoint(table.addClient, { message: 'Client added' } as never);
    render(
      <>
        <Shown endpoint={table.listClients} label="Clients" />
        <Shown endpoint={table.listUsers} label="Users" />
        <Writer endpoint={table.addClient} />
      </>,
    );
    expect(await screen.findByText('Clients: {"count":1}')).toBeInTheDocument();
    expect(await screen.findByText('Users: {"count":3}')).toBeInTheDocument();

    clients.answer({ count: 2 } as never);
    users.answer({ count: 4 } as never);
    await act(async () => {
      expect((await write?.({ body: { name: 'Acme' } }))?.ok).toBe(true);
    });
    expect(add.calls).toHaveLength(1);
    // The client list was asked again before the write resolved; the users were not.
    expect(clients.calls).toHaveLength(2);
    expect(users.calls).toHaveLength(1);
    expect(await screen.findByText('Clients: {"count":2}')).toBeInTheDocument();
    expect(screen.getByText('Users: {"count":3}')).toBeInTheDocument();
  });

  it('should refresh a read described by its own team, which no shared list names', async () => {
    collectDialogs();
    // A call a remote adds to the contract: shared-ui has never heard of it.
    const listClientNotes = defineEndpoint({
      method: 'GET',
      path: '/clients/notes',
      reads: ['clients'],
      tag: 'clients',
      summary: "The clients' notes",
      access: 'signedIn',
      responses: {},
      errors: [],
      texts: { failure: 'Failed to load notes', error: 'Error loading notes' },
    });
    const notes = mockEndpoint(listClientNotes, { count: 0 } as never);
    mockEndpoint(table.deleteClient, { message: 'Client deleted' } as never);
    render(
      <>
        <Shown endpoint={listClientNotes} label="Notes" />
        <Writer endpoint={table.deleteClient} />
      </>,
    );
    expect(await screen.findByText('Notes: {"count":0}')).toBeInTheDocument();
    notes.answer({ count: 5 } as never);
    await act(async () => {
      expect((await write?.({ params: { id: 4 } }))?.ok).toBe(true);
    });
    expect(notes.calls).toHaveLength(2);
    expect(await screen.findByText('Notes: {"count":5}')).toBeInTheDocument();
  });

  it("should take a write's answer as the read it is the new state of, without asking again", async () => {
    collectDialogs();
    const read = mockEndpoint(table.getBooksClosed, { closedThrough: null } as never);
    const closed = { closedThrough: '2026-03-31' };
    mockEndpoint(table.moveBooksClosed, closed as never);
    render(
      <>
        <Shown endpoint={table.getBooksClosed} label="Closed" />
        <Writer endpoint={table.moveBooksClosed} />
      </>,
    );
    expect(await screen.findByText('Closed: {"closedThrough":null}')).toBeInTheDocument();
    await act(async () => {
      await write?.({ body: { closedThrough: '2026-03-31' } });
    });
    expect(await screen.findByText('Closed: {"closedThrough":"2026-03-31"}')).toBeInTheDocument();
    expect(queryClient.getQueryData(['getBooksClosed', {}])).toEqual(closed);
    expect(read.calls).toHaveLength(1);
  });
});
