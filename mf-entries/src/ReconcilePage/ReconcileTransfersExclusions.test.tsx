// The reconcile rows' transfers, searches and exclusions (issue 42): a line suggested a transfer
// with another money account is matched to it with OK; a line with none records its transfer in
// the row (Undo reverses it); Find & match matches two entries to one line; Exclude asks its
// reason in the row and Undo exclude puts the line back — all without a pop-up.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Worklist } from 'contract/browser';
import { axeViolations, endpoints, mockCurrentUser, mockEndpoint } from 'shared-ui/testing';
import { mockAccounts, openScreenEachTest } from '../testing';
import { line, renderPage, rowOf, expectSaid } from './reconcile-testing';

const ATM = line(5, {
  date: '2026-01-10',
  amount: -50000,
  description: 'ATM WITHDRAWAL 0042',
  reference: '',
  suggestions: [{ entryIds: [], transferIds: [9], score: 51.43, strong: true }],
});
const DEPOSIT = line(7, {
  date: '2026-01-12',
  amount: 20000,
  description: 'CASH DEPOSIT BRANCH 12',
  reference: '',
});
const SUPPLIES = line(8, {
  date: '2026-01-14',
  amount: -1500,
  description: 'CARD PAYMENT MARKET',
  reference: '',
});
const CHARGE = line(6, {
  date: '2026-01-05',
  amount: -3,
  description: 'Charge',
  reference: '',
  status: 'excluded',
  excludedReason: 'Disputed',
});

const entry = (id: number, amount: number, partyName: string, date: string) => ({
  id,
  date,
  kind: 'expense' as const,
  partyId: id,
  partyName,
  description: `${partyName} bought`,
  amount,
});

const WORKLIST: Worklist = {
  lines: [ATM, DEPOSIT, SUPPLIES],
  entries: [
    entry(51, -1000, 'Paper', '2026-01-13'),
    entry(52, -500, 'Tea', '2026-01-14'),
    entry(53, -700, 'Fuel', '2026-01-02'),
  ],
  transfers: [
    {
      id: 9,
      date: '2026-01-08',
      accountId: 1,
      accountName: 'Cash',
      description: 'Cash for the office',
      amount: -50000,
    },
  ],
  next: null,
};

const matched = (lineId: number) => ({
  message: 'Line matched',
  line: { ...ATM, id: lineId, status: 'matched' as const, suggestions: [] },
});

const dialogs = openScreenEachTest('staff');
let prompt: jest.SpyInstance;

beforeEach(() => {
  prompt = jest.spyOn(window, 'prompt').mockImplementation(() => null);
  mockAccounts();
  mockEndpoint(endpoints.getReconcile, ({ query }) =>
    query.status === 'all' ? { ...WORKLIST, lines: [CHARGE, ...WORKLIST.lines] } : WORKLIST,
  );
});

afterEach(() => {
  expect(dialogs.alerts).toEqual([]);
  expect(dialogs.confirms).toEqual([]);
  expect(prompt).not.toHaveBeenCalled();
});

test('an ATM withdrawal is suggested its Cash transfer and matched to it with OK', async () => {
  const match = mockEndpoint(endpoints.matchLine, matched(5));
  renderPage();
  const atm = await rowOf('ATM WITHDRAWAL 0042');
  expect(atm).toHaveTextContent('Transfer #9, To Cash · 8 Jan · -50,000.00');
  expect(atm).toHaveTextContent('Suggested: Same amount, 2 days before the line');
  expect(await axeViolations()).toEqual([]);
  await userEvent.click(
    within(atm).getByRole('button', { name: 'OK: 10 Jan, ATM WITHDRAWAL 0042, RS -50,000.00' }),
  );
  await expectSaid('Matched 10 Jan, ATM WITHDRAWAL 0042, RS -50,000.00 to transfer #9.');
  expect(match.calls.map((call) => [call.params, call.body])).toEqual([
    [{ id: '2' }, { lineId: 5, entryIds: [], transferIds: [9] }],
  ]);
});

test('a cash deposit records its transfer from Cash in the row, and Undo reverses it', async () => {
  const transfer = mockEndpoint(endpoints.createTransfer, {
    message: 'Transfer recorded',
    transfer: {
      id: 12,
      fromAccountId: 1,
      toAccountId: 2,
      amount: 20000,
      date: '2026-01-12',
      description: 'CASH DEPOSIT BRANCH 12',
      reversesId: null,
      createdAt: '2026-01-12T10:00:00.000Z',
    },
  });
  const match = mockEndpoint(endpoints.matchLine, matched(7));
  const unmatch = mockEndpoint(endpoints.unmatchLine, matched(7));
  const reverse = mockEndpoint(endpoints.reverseTransfer, {
    message: 'Transfer reversed',
    transfer: {
      id: 13,
      fromAccountId: 2,
      toAccountId: 1,
      amount: -20000,
      date: '2026-01-12',
      description: 'Reversal',
      reversesId: 12,
      createdAt: '2026-01-12T10:01:00.000Z',
    },
  });
  renderPage();
  const deposit = await rowOf('CASH DEPOSIT BRANCH 12');
  await userEvent.click(within(deposit).getByRole('button', { name: /^Transfer: / }));
  const form = await within(deposit).findByRole('form', {
    name: 'Transfer: 12 Jan, CASH DEPOSIT BRANCH 12, RS 20,000.00',
  });
  // The line's text names Cash: it is chosen.
  expect(within(form).getByLabelText('From account')).toHaveValue('1');
  expect(await axeViolations()).toEqual([]);
  await userEvent.click(within(form).getByRole('button', { name: /^Transfer & match: / }));
  await expectSaid(
    'Recorded transfer #12 from Cash for 12 Jan, CASH DEPOSIT BRANCH 12, RS 20,000.00 and matched it.',
  );
  expect(transfer.calls.map((call) => call.body)).toEqual([
    {
      fromAccountId: 1,
      toAccountId: 2,
      amount: '20000.00',
      date: '2026-01-12',
      description: 'CASH DEPOSIT BRANCH 12',
    },
  ]);
  expect(match.calls.map((call) => call.body)).toEqual([
    { lineId: 7, entryIds: [], transferIds: [12] },
  ]);
  await userEvent.click(screen.getByRole('button', { name: /^Undo: Recorded transfer #12/ }));
  await expectSaid('Transfer #12 reversed');
  expect(unmatch.calls.map((call) => call.params)).toEqual([{ id: '2', lineId: '7' }]);
  expect(reverse.calls.map((call) => call.params)).toEqual([{ id: '12' }]);
});

test('Find & match: two entries found by text and date are matched to one line, then a rule is offered', async () => {
  const match = mockEndpoint(endpoints.matchLine, matched(8));
  const rule = mockEndpoint(endpoints.createBankRule, {
    message: 'Rule created',
    rule: {
      id: 4,
      contains: 'CARD PAYMENT MARKET',
      minAmount: null,
      maxAmount: null,
      kind: 'expense',
      partyId: 51,
      ledgerAccountId: null,
      direction: null,
      partyName: 'Paper',
      description: 'Paper bought',
      enabled: true,
    },
  });
  // The server's search, as the API answers it: money out, from a day, by text.
  const search = mockEndpoint(endpoints.searchOpenItems, ({ query }) => {
    const fits = (one: { date: string; amount: number; description: string }) =>
      (query.direction === 'out') === one.amount < 0 &&
      (!query.from || one.date >= query.from) &&
      (!query.text || one.description.toLowerCase().includes(query.text.toLowerCase()));
    return {
      entries: WORKLIST.entries.filter(fits),
      transfers: WORKLIST.transfers.filter(fits),
      more: false,
    };
  });
  renderPage();
  const card = await rowOf('CARD PAYMENT MARKET');
  await userEvent.click(within(card).getByRole('button', { name: /^Find & match: / }));
  const form = await within(card).findByRole('form', { name: /^Find & match: 14 Jan/ });
  const found = within(form).getByRole('list', { name: /^Unmatched entries and transfers/ });
  const boxes = async (count: number) =>
    waitFor(() => expect(within(found).getAllByRole('checkbox')).toHaveLength(count));
  // Money out, as the line: the three expenses and the transfer to Cash.
  await boxes(4);
  expect(within(found).getByRole('checkbox', { name: /Transfer #9, To Cash/ })).toBeInTheDocument();
  await userEvent.type(within(form).getByLabelText('From'), '2026-01-10');
  await boxes(2);
  await userEvent.type(within(form).getByLabelText('Text'), 'paper');
  await boxes(1);
  expect(search.calls.at(-1)!.query).toEqual({
    direction: 'out',
    from: '2026-01-10',
    text: 'paper',
  });
  expect(search.calls.at(-1)!.params).toEqual({ id: '2' });
  await userEvent.click(within(found).getByRole('checkbox', { name: /Expense #51, Paper/ }));
  expect(within(form).getByText(/^Chosen 1: -1,000.00 of -1,500.00/)).toHaveTextContent(
    '(-500.00 to go)',
  );
  const matchButton = within(form).getByRole('button', { name: /^Match 1: / });
  expect(matchButton).toBeDisabled();
  await userEvent.clear(within(form).getByLabelText('Text'));
  // Paper, chosen, stays chosen while the search changes.
  await boxes(2);
  expect(within(found).getByRole('checkbox', { name: /Expense #51, Paper/ })).toBeChecked();
  await userEvent.click(within(found).getByRole('checkbox', { name: /Expense #52, Tea/ }));
  expect(within(form).getByText('Chosen 2: -1,500.00 of -1,500.00')).toBeInTheDocument();
  expect(await axeViolations()).toEqual([]);
  await userEvent.click(
    within(form).getByRole('button', {
      name: 'Match 2: 14 Jan, CARD PAYMENT MARKET, RS -1,500.00',
    }),
  );
  await expectSaid('Matched 14 Jan, CARD PAYMENT MARKET, RS -1,500.00 to 2 records.');
  expect(match.calls.map((call) => call.body)).toEqual([{ lineId: 8, entryIds: [51, 52] }]);
  await userEvent.click(screen.getByRole('button', { name: /^Make a rule/ }));
  await expectSaid('Rule made: lines containing "CARD PAYMENT MARKET" will propose Paper.');
  expect(rule.calls.map((call) => call.body)).toEqual([
    {
      contains: 'CARD PAYMENT MARKET',
      kind: 'expense',
      partyId: 51,
      description: 'Paper bought',
    },
  ]);
});

test('Exclude asks its reason in the row, and Undo exclude puts the line back', async () => {
  const exclude = mockEndpoint(endpoints.excludeLine, matched(8));
  const undo = mockEndpoint(endpoints.undoExclude, matched(8));
  renderPage();
  const card = await rowOf('CARD PAYMENT MARKET');
  await userEvent.click(within(card).getByRole('button', { name: /^Exclude: / }));
  const form = within(card).getByRole('form', { name: /^Exclude: / });
  expect(within(form).getByLabelText('Reason')).toHaveFocus();
  await userEvent.click(within(form).getByRole('button', { name: /^Exclude: / }));
  expect(within(form).getByText('Please enter a reason')).toBeInTheDocument();
  await userEvent.type(within(form).getByLabelText('Reason'), 'Paid twice by the bank');
  await userEvent.keyboard('{Enter}');
  await expectSaid('Excluded 14 Jan, CARD PAYMENT MARKET, RS -1,500.00.');
  expect(exclude.calls.map((call) => [call.params, call.body])).toEqual([
    [{ id: '2', lineId: '8' }, { reason: 'Paid twice by the bank' }],
  ]);
  await userEvent.click(screen.getByRole('button', { name: /^Undo exclude: Excluded 14 Jan/ }));
  await expectSaid(
    'Exclusion undone: 14 Jan, CARD PAYMENT MARKET, RS -1,500.00 is back in the list.',
  );
  expect(undo.calls.map((call) => call.params)).toEqual([{ id: '2', lineId: '8' }]);
  expect(undo.calls[0]!.body?.reason).toMatch(/\S/);
});

test('an excluded line shown on asking is put back with Undo exclude and a reason in its row', async () => {
  const undo = mockEndpoint(endpoints.undoExclude, matched(6));
  renderPage();
  await rowOf('ATM WITHDRAWAL 0042');
  expect(screen.queryByRole('button', { name: /^Undo exclude/ })).not.toBeInTheDocument();
  await userEvent.click(screen.getByLabelText('Show matched and excluded lines'));
  const charge = await rowOf('Charge');
  expect(charge).toHaveTextContent('Excluded: Disputed');
  await userEvent.click(
    within(charge).getByRole('button', { name: 'Undo exclude: 5 Jan, Charge, RS -3.00' }),
  );
  const form = within(charge).getByRole('form', { name: 'Undo exclude: 5 Jan, Charge, RS -3.00' });
  expect(await axeViolations()).toEqual([]);
  await userEvent.type(within(form).getByLabelText('Reason'), 'Excluded by mistake');
  await userEvent.click(within(form).getByRole('button', { name: /^Undo exclude: / }));
  await expectSaid('Exclusion undone: 5 Jan, Charge, RS -3.00 is unmatched again.');
  expect(undo.calls.map((call) => [call.params, call.body])).toEqual([
    [{ id: '2', lineId: '6' }, { reason: 'Excluded by mistake' }],
  ]);
});

test('a viewer sees the transfer suggested, and no button to change anything', async () => {
  mockCurrentUser('viewer');
  renderPage();
  expect(await rowOf('ATM WITHDRAWAL 0042')).toHaveTextContent('Transfer #9');
  await userEvent.click(screen.getByLabelText('Show matched and excluded lines'));
  await rowOf('Charge');
  expect(screen.queryByRole('button', { name: /^(OK|Undo exclude|Transfer|Find)/ })).toBeNull();
});
