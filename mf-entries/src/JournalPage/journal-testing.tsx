// The Journal's component tests' shared parts: its rows and pages as the server answers them, the
// calls the screen makes answered (a staff user, the books closed through March), and the screen
// rendered at its address with the address shown.
import type { JournalPage as Page, JournalRow } from 'contract/browser';
import { endpoints, mockEndpoint } from 'shared-ui/testing';
import { CASH, answerEachTest, mockAccounts, openScreenEachTest, renderAt } from '../testing';
import { JournalPage } from './JournalPage';

export const row = (id: number, extra: Partial<JournalRow> = {}): JournalRow => ({
  id,
  date: '2025-05-10',
  kind: 'income',
  partyId: 3,
  partyName: 'Acme',
  Creditdebit: 'Credit',
  amount: 1500.5,
  description: `Entry ${id}`,
  recordedBy: { id: 4, name: 'Sara', email: 'sara@x.test', former: false },
  recordedAt: '2025-05-10T09:30:00.000Z',
  reversesId: null,
  reversedById: null,
  receipts: 0,
  ...extra,
});

export const FIRST: Page = {
  entries: [
    row(12, { reversesId: 11, amount: -40, description: 'Wrong client' }),
    row(11, { reversedById: 12, amount: 40 }),
    row(10),
  ],
  next: 'am91cm5hbDoyMDI1LTA1LTEwXzEw',
};
export const SECOND: Page = {
  entries: [row(9, { kind: 'salary', partyName: 'Bina' })],
  next: null,
};

export const REVERSAL = {
  id: 13,
  kind: 'income',
  partyId: 3,
  partyName: 'Acme',
  Creditdebit: 'Credit',
  amount: -1500.5,
  description: 'Reverses #10',
  date: '2025-05-10',
  createdAt: '2025-05-11T08:00:00.000Z',
  reversesId: 10,
} as const;

/**
 * The Journal's calls answered before each test of the file; the answers are returned for the
 * tests to change or read (always those of the test running).
 */
export function mockJournalEachTest() {
  const dialogs = openScreenEachTest('staff');
  const totals = answerEachTest(endpoints.getJournalTotals, { count: 4, credit: 1500.5, debit: 0 });
  const booksClosed = answerEachTest(endpoints.getBooksClosed, {
    closedThrough: '2025-03-31',
    canMove: true,
  });
  const journal = answerEachTest(endpoints.listJournal, ({ query }) =>
    query.after ? SECOND : FIRST,
  );
  beforeEach(() => {
    // A correction opens the Income form, which offers the money accounts.
    mockAccounts([CASH]);
    mockEndpoint(endpoints.listClients, {
      users: [{ id: 3, name: 'Acme', email: 'a@a.test', companyName: 'A' }],
    });
    mockEndpoint(endpoints.listEmployees, { users: [] });
    mockEndpoint(endpoints.listExpenseTypesForEntries, { users: [] });
  });
  const reverse = answerEachTest(endpoints.reverseEntry, {
    message: 'Entry reversed',
    entry: REVERSAL,
  });
  afterEach(() => jest.restoreAllMocks());
  /** The query of every request for a page of the journal, as the URL carried it. */
  const journalCalls = () =>
    journal.calls.map((call) => new URLSearchParams(call.query).toString());
  return { dialogs, totals, booksClosed, journal, reverse, journalCalls };
}

/** The Journal at `path`, with the address shown, to check that the filters live in it. */
export const renderJournal = (path: string) =>
  renderAt(path, <JournalPage />, { route: '/Journal', address: true });
