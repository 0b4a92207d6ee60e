import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Worklist } from 'contract/browser';
import {
  axeViolations,
  endpoints,
  failWith,
  mockCurrentUser,
  mockEndpoint,
} from 'shared-ui/testing';
import { BANK, answerEachTest, mockAccounts, openScreenEachTest } from '../testing';
import { LEDGER, line, liveRegion, renderPage, rowOf, expectSaid } from './reconcile-testing';

const WORKLIST: Worklist = {
  lines: [
    line(1, { suggestions: [{ entryIds: [41], transferIds: [], score: 82.8, strong: true }] }),
    line(2, {
      date: '2026-10-04',
      amount: -25,
      description: 'BANK CHARGES OCT',
      proposal: {
        ruleId: 5,
        pattern: 'BANK CHARGES',
        kind: 'expense',
        partyId: 7,
        ledgerAccountId: null,
        targetName: 'Bank charges',
        description: 'Bank charges',
      },
    }),
    line(3, { date: '2026-10-06', amount: 300, description: 'REVERSAL 88' }),
    line(4, { date: '2026-10-07', amount: -40, description: 'SERVICE CHARGES OCTOBER' }),
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
  ],
  transfers: [],
  next: null,
};

const ENTRY = {
  id: 60,
  kind: 'expense' as const,
  partyId: 7,
  partyName: 'Bank charges',
  amount: 25,
  description: 'Bank charges',
  Creditdebit: 'Credit' as const,
  date: '2026-10-04',
  createdAt: '2026-10-05T10:00:00.000Z',
  reversesId: null,
  accountId: 2,
};

const said = (message: string) => ({ message, line: WORKLIST.lines[0]! });

const dialogs = openScreenEachTest('staff');
const worklist = answerEachTest(endpoints.getReconcile, WORKLIST);
beforeEach(() => {
  mockAccounts();
  mockEndpoint(endpoints.listExpenseTypesForEntries, {
    users: [
      { id: 1, expancetype: 'Rent', status: 'Active' },
      { id: 7, expancetype: 'Office tea', status: 'Active' },
    ],
  });
  mockEndpoint(endpoints.listEmployees, { users: [] });
  mockEndpoint(endpoints.listClients, {
    users: [{ id: 3, name: 'Acme', email: 'a@a.test', companyName: 'A' }],
  });
  mockEndpoint(endpoints.listLedgerAccounts, {
    accounts: [LEDGER.salaries, LEDGER.bank, LEDGER.bankCharges, LEDGER.bankProfit],
  });
});

afterEach(() => {
  // No pop-up on this screen, ever.
  expect(dialogs.alerts).toEqual([]);
  expect(dialogs.confirms).toEqual([]);
});

describe('ReconcilePage', () => {
  it('should show one row per line: the line left, its match and why in words right, buttons naming the line', async () => {
    renderPage();
    expect(
      await screen.findByRole('heading', { name: 'Reconcile Meezan current' }),
    ).toBeInTheDocument();
    const rent = await rowOf('RENT OCTOBER');
    expect(rent).toHaveTextContent('3 Oct');
    expect(rent).toHaveTextContent('-1,200.00');
    expect(rent).toHaveTextContent('Expense #41, Rent · 2 Oct · -1,200.00');
    expect(rent).toHaveTextContent(
      'Suggested: Same amount, 1 day before the line, "rent" in the line\'s text',
    );
    expect(rent).not.toHaveTextContent('82.8');
    expect(within(rent).getByText('RENT OCTOBER')).toHaveAttribute('title', 'RENT OCTOBER (REF1)');
    expect(
      within(rent).getByRole('button', { name: 'OK: 3 Oct, RENT OCTOBER, RS -1,200.00' }),
    ).toBeInTheDocument();
    expect(await rowOf('BANK CHARGES OCT')).toHaveTextContent('New expense: Bank charges');
    const reversal = await rowOf('REVERSAL 88');
    expect(reversal).toHaveTextContent('No match found');
    expect(
      within(reversal)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual([
      'Create: 6 Oct, REVERSAL 88, RS 300.00',
      'Transfer: 6 Oct, REVERSAL 88, RS 300.00',
      'Find & match: 6 Oct, REVERSAL 88, RS 300.00',
      'Exclude: 6 Oct, REVERSAL 88, RS 300.00',
    ]);
    expect(worklist.calls.map((call) => [call.params, call.query])).toEqual([[{ id: '2' }, {}]]);
    expect(await axeViolations()).toEqual([]);
  });

  it('should accept a suggestion with OK, say so in the live region, and Undo it by unmatching', async () => {
    const match = mockEndpoint(endpoints.matchLine, said('Line matched'));
    const unmatch = mockEndpoint(endpoints.unmatchLine, said('Match undone'));
    renderPage();
    const rent = await rowOf('RENT OCTOBER');
    await userEvent.click(within(rent).getByRole('button', { name: /^OK: / }));
    await expectSaid('Matched 3 Oct, RENT OCTOBER, RS -1,200.00 to entry #41.');
    expect(liveRegion()).toHaveAttribute('aria-live', 'polite');
    // A suggestion accepted makes no rule: that is offered after a match by hand.
    expect(screen.queryByRole('button', { name: /^Make a rule/ })).not.toBeInTheDocument();
    expect(match.calls.map((call) => [call.params, call.body])).toEqual([
      [{ id: '2' }, { lineId: 1, entryIds: [41] }],
    ]);
    await userEvent.click(screen.getByRole('button', { name: /^Undo: Matched 3 Oct/ }));
    await expectSaid('Match undone: the line is back in the list.');
    expect(unmatch.calls.map((call) => call.params)).toEqual([{ id: '2', lineId: '1' }]);
    expect(screen.queryByRole('button', { name: /^Undo/ })).not.toBeInTheDocument();
  });

  it('should Accept all suggested over the calls the server asks for, and Undo every match', async () => {
    const all = mockEndpoint(endpoints.acceptSuggested, (call) =>
      call.query.after
        ? { message: 'Suggestions accepted', matched: 1, lineIds: [1], next: null }
        : { message: 'Suggestions accepted', matched: 1, lineIds: [4], next: 'page-2' },
    );
    const unmatch = mockEndpoint(endpoints.unmatchLine, said('Match undone'));
    // The worklist as the server answers it once lines 1 and 4 are matched.
    mockEndpoint(endpoints.getReconcile, () =>
      all.calls.length === 2 ? { ...WORKLIST, lines: WORKLIST.lines.slice(1, 3) } : WORKLIST,
    );
    renderPage();
    await rowOf('RENT OCTOBER');
    await userEvent.click(screen.getByRole('button', { name: 'Accept all suggested' }));
    await expectSaid('Accepted 2 suggested matches.');
    expect(all.calls.map((call) => call.query)).toEqual([{}, { after: 'page-2' }]);
    // The matched lines leave the list.
    const list = screen.getByRole('list', { name: 'Statement lines' });
    await waitFor(() => expect(within(list).queryByText('RENT OCTOBER')).not.toBeInTheDocument());
    expect(within(list).queryByText('SERVICE CHARGES OCTOBER')).not.toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: /^Undo: Accepted 2/ }));
    await expectSaid('2 matches undone.');
    expect(unmatch.calls.map((call) => call.params.lineId)).toEqual(['4', '1']);
  });

  it("should create the rule's proposal with OK, and Undo it by unmatching and reversing the entry", async () => {
    const create = mockEndpoint(endpoints.createLineEntry, {
      message: 'Entry created and matched',
      entry: ENTRY,
    });
    const unmatch = mockEndpoint(endpoints.unmatchLine, said('Match undone'));
    const reverse = mockEndpoint(endpoints.reverseEntry, {
      message: 'Entry reversed',
      entry: { ...ENTRY, id: 61, reversesId: 60 },
    });
    renderPage();
    const charges = await rowOf('BANK CHARGES OCT');
    await userEvent.click(within(charges).getByRole('button', { name: /^OK: / }));
    await expectSaid('Created entry #60 for 4 Oct, BANK CHARGES OCT, RS -25.00 and matched it.');
    expect(create.calls.map((call) => [call.params, call.body])).toEqual([
      [
        { id: '2', lineId: '2' },
        { kind: 'expense', partyId: 7, description: 'Bank charges' },
      ],
    ]);
    await userEvent.click(screen.getByRole('button', { name: /^Undo: Created entry #60/ }));
    await expectSaid('Entry #60 reversed: 4 Oct, BANK CHARGES OCT, RS -25.00 is back in the list.');
    expect(unmatch.calls.map((call) => call.params)).toEqual([{ id: '2', lineId: '2' }]);
    expect(reverse.calls.map((call) => call.params)).toEqual([{ id: '60' }]);
  });

  it('should Create in the row: the ledger account the line names is chosen, booked in one more click', async () => {
    const create = mockEndpoint(endpoints.createLineEntry, { message: 'Line booked' });
    renderPage();
    const charges = await rowOf('SERVICE CHARGES OCTOBER');
    await userEvent.click(within(charges).getByRole('button', { name: /^Create: / }));
    const form = await within(charges).findByRole('form', {
      name: 'Create: 7 Oct, SERVICE CHARGES OCTOBER, RS -40.00',
    });
    const picker = within(form).getByLabelText('Book to');
    await waitFor(() => expect(picker).toHaveValue('ledger:9'));
    expect(picker).toHaveFocus();
    // Money out: expense types, employees and the bookable ledger accounts.
    expect(
      within(picker)
        .getAllByRole('group')
        .map((group) => group.getAttribute('label')),
    ).toEqual(['Expense type', 'Employee (salary)', 'Ledger account']);
    expect(within(picker).queryByText('5000 Salaries')).not.toBeInTheDocument();
    // Nor the bank's own account: its movements come from its statement lines.
    expect(within(picker).queryByText(/Meezan current/)).not.toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
    await userEvent.click(within(form).getByRole('button', { name: /^Create & match: / }));
    await waitFor(() =>
      expect(create.calls.map((call) => call.body)).toEqual([
        { kind: 'ledger', ledgerAccountId: 9, description: 'SERVICE CHARGES OCTOBER' },
      ]),
    );
    await waitFor(() => expect(within(charges).queryByRole('form')).not.toBeInTheDocument());
  });

  it('should offer money in to a client or a ledger account, and refuse to create with nothing chosen', async () => {
    const create = mockEndpoint(endpoints.createLineEntry, { message: 'Line booked' });
    renderPage();
    const reversal = await rowOf('REVERSAL 88');
    await userEvent.click(within(reversal).getByRole('button', { name: /^Create: / }));
    const picker = within(reversal).getByLabelText('Book to');
    await within(picker).findByText('Acme (A)');
    expect(
      within(picker)
        .getAllByRole('group')
        .map((group) => group.getAttribute('label')),
    ).toEqual(['Client (income)', 'Ledger account']);
    expect(picker).toHaveValue('');
    await userEvent.click(within(reversal).getByRole('button', { name: /^Create & match: / }));
    expect(within(reversal).getByText('Choose what the line is booked to')).toBeInTheDocument();
    expect(create.calls).toHaveLength(0);
    await userEvent.selectOptions(picker, 'Acme (A)');
    await userEvent.click(within(reversal).getByRole('button', { name: /^Create & match: / }));
    await waitFor(() =>
      expect(create.calls.map((call) => call.body)).toEqual([
        { kind: 'income', partyId: 3, description: 'REVERSAL 88' },
      ]),
    );
  });

  it('should take the keyboard on to the next row once a row leaves the list', async () => {
    let matched = false;
    mockEndpoint(endpoints.getReconcile, () =>
      matched ? { ...WORKLIST, lines: WORKLIST.lines.slice(1) } : WORKLIST,
    );
    mockEndpoint(endpoints.matchLine, () => {
      matched = true;
      return said('Line matched');
    });
    renderPage();
    const ok = within(await rowOf('RENT OCTOBER')).getByRole('button', { name: /^OK: / });
    ok.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Statement lines' })).queryByText('RENT OCTOBER'),
      ).not.toBeInTheDocument(),
    );
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'OK: 4 Oct, BANK CHARGES OCT, RS -25.00' }),
      ).toHaveFocus(),
    );
  });

  it('should say there is nothing to match once the last line has left the list', async () => {
    let matched = false;
    mockEndpoint(endpoints.getReconcile, () =>
      matched ? { ...WORKLIST, lines: [] } : { ...WORKLIST, lines: WORKLIST.lines.slice(0, 1) },
    );
    mockEndpoint(endpoints.matchLine, () => {
      matched = true;
      return said('Line matched');
    });
    renderPage();
    await userEvent.click(
      within(await rowOf('RENT OCTOBER')).getByRole('button', { name: /^OK: / }),
    );
    expect(await screen.findByText('No statement lines to match')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Statement lines' })).not.toBeInTheDocument();
    await expectSaid('Matched 3 Oct, RENT OCTOBER, RS -1,200.00 to entry #41.');
  });

  it("should keep a suggested row's other buttons behind More, above the form they open", async () => {
    renderPage();
    const rent = await rowOf('RENT OCTOBER');
    expect(within(rent).queryByRole('button', { name: /^Create: / })).not.toBeInTheDocument();
    const more = within(rent).getByRole('button', { name: /^More: / });
    await userEvent.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(within(rent).getByRole('button', { name: /^Exclude: / }));
    expect(within(rent).getByRole('form', { name: /^Exclude: / })).toBeInTheDocument();
    // The other buttons stay, to switch to another form.
    expect(within(rent).getByRole('button', { name: /^Create: / })).toBeInTheDocument();
    await userEvent.click(more);
    expect(within(rent).queryByRole('form')).not.toBeInTheDocument();
  });

  it("should say the server's refusal in the alert region, with no pop-up", async () => {
    mockEndpoint(endpoints.matchLine, failWith(409, 'The line is already matched'));
    renderPage();
    await userEvent.click(
      within(await rowOf('RENT OCTOBER')).getByRole('button', { name: /^OK: / }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('The line is already matched');
    expect(screen.queryByRole('button', { name: /^Undo/ })).not.toBeInTheDocument();
  });

  it("should Mark reconciled through a day, and show the server's refusal naming the difference", async () => {
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
    const region = screen.getByRole('region', { name: 'Reconciled through' });
    expect(await within(region).findByRole('alert')).toHaveTextContent(
      'The balances do not agree: the difference is RS: 25.00',
    );
    expect(mark.calls.map((call) => [call.params, call.body])).toEqual([
      [{ id: '2' }, { through: '2026-10-31', closingBalance: '8775.00' }],
    ]);
    expect(screen.getByRole('button', { name: 'Reconciliation statement (PDF)' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Reconciliation statement (Excel)' })).toBeEnabled();
  });

  it('should ask an admin for a reason to move "reconciled through" back, and say the day marked', async () => {
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
    await expectSaid('Reconciled through 2026-08-31');
    expect(mark.calls[0]!.body).toEqual({
      through: '2026-08-31',
      closingBalance: '8000',
      reason: 'the August statement was wrong',
    });
  });

  it('should show a viewer the rows read-only', async () => {
    mockCurrentUser('viewer');
    renderPage();
    expect(await rowOf('RENT OCTOBER')).toHaveTextContent('Expense #41, Rent');
    expect(screen.queryByRole('button', { name: /^(OK|Create|Transfer|Find|Exclude)/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Accept all suggested' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Mark reconciled through/ })).toBeNull();
    expect(
      screen.getByRole('button', { name: 'Reconciliation statement (PDF)' }),
    ).toBeInTheDocument();
  });
});
