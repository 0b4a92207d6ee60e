import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { StatementLine, Worklist } from 'contract';
import {
  axeViolations,
  collectDialogs,
  endpoints,
  failWith,
  mockCurrentUser,
  ledgerAccount,
  mockEndpoint,
  render,
  type Dialogs,
  type MockedEndpoint,
} from 'shared-ui/testing';
import { BANK, CASH } from '../AccountsPage/fixtures';
import { ReconcilePage } from './ReconcilePage';

const line = (id: number, fields: Partial<StatementLine>): StatementLine => ({
  id,
  date: '2026-10-03',
  amount: -1200,
  description: 'RENT OCTOBER',
  reference: `REF${id}`,
  bankBalance: null,
  status: 'unmatched',
  entryIds: [],
  transferIds: [],
  excludedReason: null,
  reconciled: false,
  suggestions: [],
  proposal: null,
  ...fields,
});

const WORKLIST: Worklist = {
  lines: [
    line(1, { suggestions: [{ entryIds: [41], transferIds: [], score: 95, strong: true }] }),
    line(2, {
      date: '2026-10-04',
      amount: -25,
      description: 'BANK CHARGES OCT',
      proposal: { ruleId: 5, kind: 'expense', partyId: 7, description: 'Bank charges' },
    }),
    line(3, { date: '2026-10-06', amount: 300, description: 'REVERSAL 88' }),
  ],
  entries: [
    {
      id: 41,
      date: '2026-10-02',
      kind: 'expense',
      partyId: 1,
      partyName: 'Rent',
      description: 'October rent',
      amount: -1200,
    },
    {
      id: 42,
      date: '2026-10-05',
      kind: 'income',
      partyId: 3,
      partyName: 'Acme',
      description: 'Invoice 7',
      amount: 300,
    },
  ],
  transfers: [],
  next: null,
};

const RULE = {
  id: 8,
  contains: 'REVERSAL 88',
  minAmount: null,
  maxAmount: null,
  kind: 'income' as const,
  partyId: 3,
  partyName: 'Acme',
  description: 'Invoice 7',
  enabled: true,
};

let dialogs: Dialogs;
let worklist: MockedEndpoint<typeof endpoints.getReconcile>;
const said = (message: string) => ({ message, line: WORKLIST.lines[0]! });

beforeEach(() => {
  dialogs = collectDialogs();
  mockEndpoint(endpoints.listAccounts, { accounts: [CASH, BANK] });
  worklist = mockEndpoint(endpoints.getReconcile, WORKLIST);
  mockEndpoint(endpoints.listExpenseTypesForEntries, {
    users: [
      { id: 1, expancetype: 'Rent', status: 'Active' },
      { id: 7, expancetype: 'Bank charges', status: 'Active' },
    ],
  });
});

const renderPage = () =>
  render(
    <MemoryRouter initialEntries={['/Accounts/2/reconcile']}>
      <Routes>
        <Route path="/Accounts/:id/reconcile" element={<ReconcilePage />} />
      </Routes>
    </MemoryRouter>,
  );

const rowOf = async (text: string) =>
  (
    await within(await screen.findByRole('table', { name: 'Statement lines' })).findByText(text)
  ).closest('tr')!;

describe('ReconcilePage', () => {
  it('should show the unmatched lines left with their suggestions and the unmatched entries right', async () => {
    mockCurrentUser('staff');
    renderPage();
    expect(
      await screen.findByRole('heading', { name: 'Reconcile Meezan current' }),
    ).toBeInTheDocument();
    const rent = await rowOf('RENT OCTOBER');
    expect(rent).toHaveTextContent('-1,200.00');
    expect(rent).toHaveTextContent('#41 2026-10-02 Expense Rent -1,200.00 (95, strong)');
    expect(await rowOf('BANK CHARGES OCT')).toHaveTextContent('Rule: Bank charges');
    const entries = screen.getByRole('table', { name: 'Unmatched entries' });
    expect(within(entries).getByText('Invoice 7')).toBeInTheDocument();
    expect(worklist.calls.map((call) => [call.params, call.query])).toEqual([[{ id: '2' }, {}]]);
    expect(await axeViolations()).toEqual([]);
  });

  it('should Accept a suggestion, and Accept all suggested', async () => {
    mockCurrentUser('staff');
    const match = mockEndpoint(endpoints.matchLine, said('Line matched'));
    const all = mockEndpoint(endpoints.acceptSuggested, (call) =>
      call.query.after
        ? { message: 'Suggestions accepted', matched: 1, lineIds: [1], next: null }
        : { message: 'Suggestions accepted', matched: 0, lineIds: [], next: 'page-2' },
    );
    renderPage();
    const rent = await rowOf('RENT OCTOBER');
    await userEvent.click(within(rent).getByRole('button', { name: /^Accept #41/ }));
    await waitFor(() => expect(dialogs.alerts).toEqual(['Line matched']));
    expect(match.calls.map((call) => [call.params, call.body])).toEqual([
      [{ id: '2' }, { lineId: 1, entryIds: [41] }],
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Accept all suggested' }));
    await waitFor(() => expect(dialogs.alerts).toEqual(['Line matched', 'Suggestions accepted']));
    // Two calls (the first answered with a `next`), one alert.
    expect(all.calls.map((call) => [call.params, call.query])).toEqual([
      [{ id: '2' }, {}],
      [{ id: '2' }, { after: 'page-2' }],
    ]);
  });

  it('should match a line by hand to the entries chosen, and make a rule of it on request', async () => {
    mockCurrentUser('staff');
    const match = mockEndpoint(endpoints.matchLine, said('Line matched'));
    const rule = mockEndpoint(endpoints.createBankRule, { message: 'Rule created', rule: RULE });
    renderPage();
    const entries = await screen.findByRole('table', { name: 'Unmatched entries' });
    await userEvent.click(await within(entries).findByLabelText('Choose entry #42'));
    const reversal = await rowOf('REVERSAL 88');
    await userEvent.click(within(reversal).getByRole('button', { name: 'Match chosen entries' }));
    await waitFor(() => expect(dialogs.alerts).toEqual(['Line matched', 'Rule created']));
    expect(match.calls.map((call) => call.body)).toEqual([{ lineId: 3, entryIds: [42] }]);
    expect(dialogs.confirms).toEqual([
      'Make a rule from this line? Lines whose description contains "REVERSAL 88" will propose Income, Acme.',
    ]);
    expect(rule.calls.map((call) => call.body)).toEqual([
      { contains: 'REVERSAL 88', kind: 'income', partyId: 3, description: 'Invoice 7' },
    ]);
  });

  it('should make no rule when the offer is declined', async () => {
    mockCurrentUser('staff');
    mockEndpoint(endpoints.matchLine, said('Line matched'));
    const rule = mockEndpoint(endpoints.createBankRule, { message: 'Rule created', rule: RULE });
    dialogs.answerConfirms(false);
    renderPage();
    const entries = await screen.findByRole('table', { name: 'Unmatched entries' });
    await userEvent.click(await within(entries).findByLabelText('Choose entry #42'));
    await userEvent.click(
      within(await rowOf('REVERSAL 88')).getByRole('button', { name: 'Match chosen entries' }),
    );
    await waitFor(() => expect(dialogs.confirms).toHaveLength(1));
    expect(dialogs.alerts).toEqual(['Line matched']);
    expect(rule.calls).toHaveLength(0);
  });

  it("should Create entry from a line, pre-filled from the rule's proposal", async () => {
    mockCurrentUser('staff');
    const create = mockEndpoint(endpoints.createLineEntry, {
      message: 'Entry created and matched',
      entry: {
        id: 60,
        kind: 'expense',
        partyId: 7,
        partyName: 'Bank charges',
        amount: 25,
        description: 'Bank charges',
        Creditdebit: 'Credit',
        date: '2026-10-04',
        createdAt: '2026-10-05T10:00:00.000Z',
        reversesId: null,
        accountId: 2,
      },
    });
    renderPage();
    await userEvent.click(
      within(await rowOf('BANK CHARGES OCT')).getByRole('button', { name: 'Create entry' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Create entry' });
    expect(
      within(dialog).getByText('RS: -25.00 on 2026-10-04: BANK CHARGES OCT'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Kind')).toHaveValue('expense');
    await waitFor(() => expect(within(dialog).getByLabelText('Expense type')).toHaveValue('7'));
    expect(within(dialog).getByLabelText('Description')).toHaveValue('Bank charges');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create entry' }));
    await waitFor(() => expect(dialogs.alerts).toEqual(['Entry created and matched']));
    expect(create.calls.map((call) => [call.params, call.body])).toEqual([
      [
        { id: '2', lineId: '2' },
        { kind: 'expense', partyId: 7, description: 'Bank charges' },
      ],
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('should offer money in only as income when creating an entry', async () => {
    mockCurrentUser('staff');
    mockEndpoint(endpoints.listClients, {
      users: [{ id: 3, name: 'Acme', email: 'a@a.test', companyName: 'A' }],
    });
    renderPage();
    await userEvent.click(
      within(await rowOf('REVERSAL 88')).getByRole('button', { name: 'Create entry' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Create entry' });
    const kinds = within(within(dialog).getByLabelText('Kind')).getAllByRole('option');
    expect(kinds.map((option) => option.textContent)).toEqual(['Income', 'Ledger account']);
    expect(within(dialog).getByLabelText('Description')).toHaveValue('REVERSAL 88');
  });

  it('should book a line to a ledger account (bank charges) without a party', async () => {
    mockCurrentUser('staff');
    mockEndpoint(endpoints.listLedgerAccounts, {
      accounts: [
        ledgerAccount(8, '5000', 'Salaries', 'Expense', { bookable: false }),
        ledgerAccount(9, '5100', 'Bank charges', 'Expense'),
      ],
    });
    const create = mockEndpoint(endpoints.createLineEntry, {
      message: 'Entry created and matched',
    });
    renderPage();
    await userEvent.click(
      within(await rowOf('BANK CHARGES OCT')).getByRole('button', { name: 'Create entry' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Create entry' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Kind'), 'Ledger account');
    const picker = within(dialog).getByLabelText('Ledger account');
    await waitFor(() =>
      expect(
        within(picker)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Select', '5100 Bank charges']),
    );
    await userEvent.selectOptions(picker, '5100 Bank charges');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create entry' }));
    await waitFor(() => expect(dialogs.alerts).toEqual(['Entry created and matched']));
    expect(create.calls.map((call) => call.body)).toEqual([
      { kind: 'ledger', ledgerAccountId: 9, description: 'Bank charges' },
    ]);
    expect(await axeViolations()).toEqual([]);
  });

  it('should Exclude a line with a reason', async () => {
    mockCurrentUser('staff');
    const exclude = mockEndpoint(endpoints.excludeLine, said('Line excluded'));
    renderPage();
    await userEvent.click(
      within(await rowOf('REVERSAL 88')).getByRole('button', { name: 'Exclude' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Exclude line' });
    await userEvent.type(within(dialog).getByLabelText('Reason'), "Bank's own reversal pair");
    await userEvent.click(within(dialog).getByRole('button', { name: 'Exclude' }));
    await waitFor(() => expect(dialogs.alerts).toEqual(['Line excluded']));
    expect(exclude.calls.map((call) => [call.params, call.body])).toEqual([
      [{ id: '2', lineId: '3' }, { reason: "Bank's own reversal pair" }],
    ]);
  });

  it('should show matched and excluded lines on asking, and undo a match with a reason', async () => {
    mockCurrentUser('staff');
    worklist = mockEndpoint(endpoints.getReconcile, ({ query }) =>
      query.status === 'all'
        ? {
            ...WORKLIST,
            lines: [
              line(1, { status: 'matched', entryIds: [41] }),
              line(3, {
                status: 'excluded',
                excludedReason: 'Reversal pair',
                description: 'REVERSAL 88',
              }),
            ],
          }
        : WORKLIST,
    );
    const undo = mockEndpoint(endpoints.unmatchLine, said('Match undone'));
    renderPage();
    await rowOf('BANK CHARGES OCT');
    await userEvent.click(screen.getByLabelText('Show matched and excluded lines'));
    const rent = await rowOf('RENT OCTOBER');
    await waitFor(() => expect(rent).toHaveTextContent('Matched'));
    expect(await rowOf('REVERSAL 88')).toHaveTextContent('Excluded: Reversal pair');
    await userEvent.click(within(rent).getByRole('button', { name: 'Undo match' }));
    const dialog = screen.getByRole('dialog', { name: 'Undo match' });
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Wrong entry');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Undo match' }));
    await waitFor(() => expect(dialogs.alerts).toEqual(['Match undone']));
    expect(undo.calls.map((call) => [call.params, call.body])).toEqual([
      [{ id: '2', lineId: '1' }, { reason: 'Wrong entry' }],
    ]);
  });

  it("should Mark reconciled through a day, and show the server's refusal naming the difference", async () => {
    mockCurrentUser('staff');
    const mark = mockEndpoint(
      endpoints.markReconciled,
      failWith(409, 'The balances do not agree: the difference is RS: 25.00'),
    );
    renderPage();
    await rowOf('RENT OCTOBER');
    await userEvent.clear(screen.getByLabelText('Date'));
    await userEvent.type(screen.getByLabelText('Date'), '2026-10-31');
    await userEvent.type(screen.getByLabelText('Closing balance'), '8775.00');
    await userEvent.click(
      screen.getByRole('button', { name: 'Mark reconciled through 2026-10-31' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The balances do not agree: the difference is RS: 25.00',
    );
    expect(mark.calls.map((call) => [call.params, call.body])).toEqual([
      [{ id: '2' }, { through: '2026-10-31', closingBalance: '8775.00' }],
    ]);
    expect(screen.getByRole('button', { name: 'Reconciliation statement (PDF)' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Reconciliation statement (Excel)' })).toBeEnabled();
  });

  it('should ask an admin for a reason to move "reconciled through" back, and send it', async () => {
    mockCurrentUser('admin');
    const mark = mockEndpoint(endpoints.markReconciled, {
      message: 'Reconciled through 2026-08-31',
      account: { ...BANK, reconciledThrough: '2026-08-31' },
    });
    renderPage();
    await rowOf('RENT OCTOBER');
    const reason = 'Reason to move it back (reconciled through 2026-09-30)';
    await userEvent.clear(screen.getByLabelText('Date'));
    await userEvent.type(screen.getByLabelText('Date'), '2026-10-31');
    expect(screen.queryByLabelText(reason)).not.toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Date'));
    await userEvent.type(screen.getByLabelText('Date'), '2026-08-31');
    await userEvent.type(screen.getByLabelText('Closing balance'), '8000');
    await userEvent.type(screen.getByLabelText(reason), 'the August statement was wrong');
    await userEvent.click(
      screen.getByRole('button', { name: 'Mark reconciled through 2026-08-31' }),
    );
    await waitFor(() => expect(mark.calls).toHaveLength(1));
    expect(mark.calls[0]!.body).toEqual({
      through: '2026-08-31',
      closingBalance: '8000',
      reason: 'the August statement was wrong',
    });
  });

  it('should show a viewer the worklist read-only', async () => {
    mockCurrentUser('viewer');
    renderPage();
    await rowOf('RENT OCTOBER');
    expect(screen.queryByRole('button', { name: /Accept/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create entry' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Exclude' })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: /Mark reconciled through/ }),
    ).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Choose entry #42')).not.toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Reconciliation statement (PDF)' }),
    ).toBeInTheDocument();
  });
});
