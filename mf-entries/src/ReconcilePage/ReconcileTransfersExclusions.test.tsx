// The reconcile screen's transfers and exclusions (issue 42): a line suggested a transfer with
// another money account is matched to it in one click (or to a transfer chosen by hand), and an
// excluded line is put back with Undo exclude and a reason asked in the screen's dialog.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { StatementLine, Worklist } from 'contract';
import {
  axeViolations,
  collectDialogs,
  endpoints,
  mockCurrentUser,
  mockEndpoint,
  render,
  type Dialogs,
} from 'shared-ui/testing';
import { BANK, CASH } from '../AccountsPage/fixtures';
import { ReconcilePage } from './ReconcilePage';

const line = (id: number, fields: Partial<StatementLine>): StatementLine => ({
  id,
  date: '2026-01-10',
  amount: -50000,
  description: 'ATM WITHDRAWAL 0042',
  reference: '',
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

const ATM = line(5, {
  suggestions: [{ entryIds: [], transferIds: [9], score: 51.43, strong: true }],
});
const CHARGE = line(6, {
  date: '2026-01-05',
  amount: -3,
  description: 'Charge',
  status: 'excluded',
  excludedReason: 'Disputed',
});

const WORKLIST: Worklist = {
  lines: [ATM],
  entries: [],
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

let dialogs: Dialogs;
let prompt: jest.SpyInstance;

beforeEach(() => {
  dialogs = collectDialogs();
  prompt = jest.spyOn(window, 'prompt').mockImplementation(() => null);
  mockEndpoint(endpoints.listAccounts, { accounts: [CASH, BANK] });
  mockEndpoint(endpoints.getReconcile, ({ query }) =>
    query.status === 'all' ? { ...WORKLIST, lines: [CHARGE, ATM] } : WORKLIST,
  );
  mockEndpoint(endpoints.listExpenseTypesForEntries, { users: [] });
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

test('an ATM withdrawal is suggested its Cash transfer and matched to it in one click', async () => {
  mockCurrentUser('staff');
  const match = mockEndpoint(endpoints.matchLine, {
    message: 'Line matched',
    line: { ...ATM, status: 'matched', transferIds: [9], suggestions: [] },
  });
  renderPage();
  const atm = await rowOf('ATM WITHDRAWAL 0042');
  expect(atm).toHaveTextContent('Transfer #9 2026-01-08 to Cash -50,000.00');
  const transfers = screen.getByRole('table', { name: 'Unmatched transfers' });
  expect(within(transfers).getByText('Cash for the office')).toBeInTheDocument();
  expect(within(transfers).getByText('To Cash')).toBeInTheDocument();
  expect(await axeViolations()).toEqual([]);

  await userEvent.click(
    within(atm).getByRole('button', {
      name: 'Accept Transfer #9 2026-01-08 to Cash -50,000.00 for line ATM WITHDRAWAL 0042',
    }),
  );
  await waitFor(() => expect(dialogs.alerts).toEqual(['Line matched']));
  expect(match.calls.map((call) => [call.params, call.body])).toEqual([
    [{ id: '2' }, { lineId: 5, entryIds: [], transferIds: [9] }],
  ]);
  expect(dialogs.confirms).toEqual([]);
});

test('a transfer chosen by hand is matched to a line, with no rule offered', async () => {
  mockCurrentUser('staff');
  const match = mockEndpoint(endpoints.matchLine, {
    message: 'Line matched',
    line: { ...ATM, status: 'matched', transferIds: [9], suggestions: [] },
  });
  renderPage();
  const transfers = await screen.findByRole('table', { name: 'Unmatched transfers' });
  await userEvent.click(within(transfers).getByLabelText('Choose transfer #9'));
  await userEvent.click(
    within(await rowOf('ATM WITHDRAWAL 0042')).getByRole('button', {
      name: 'Match chosen entries',
    }),
  );
  await waitFor(() => expect(dialogs.alerts).toEqual(['Line matched']));
  expect(match.calls.map((call) => call.body)).toEqual([
    { lineId: 5, entryIds: [], transferIds: [9] },
  ]);
  expect(dialogs.confirms).toEqual([]);
});

test('an excluded line is put back with Undo exclude, its reason asked in the dialog', async () => {
  mockCurrentUser('staff');
  const undo = mockEndpoint(endpoints.undoExclude, {
    message: 'Exclusion undone: the line is unmatched again',
    line: { ...CHARGE, status: 'unmatched', excludedReason: null },
  });
  renderPage();
  await rowOf('ATM WITHDRAWAL 0042');
  expect(screen.queryByRole('button', { name: /^Undo exclude/ })).not.toBeInTheDocument();
  await userEvent.click(screen.getByLabelText('Show matched and excluded lines'));
  const charge = await rowOf('Charge');
  expect(charge).toHaveTextContent('Excluded: Disputed');
  await userEvent.click(
    within(charge).getByRole('button', { name: 'Undo exclude 2026-01-05 Charge -3.00' }),
  );
  const dialog = screen.getByRole('dialog', { name: 'Undo exclude' });
  expect(within(dialog).getByText('RS: -3.00 on 2026-01-05: Charge')).toBeInTheDocument();
  expect(await axeViolations()).toEqual([]);
  await userEvent.type(within(dialog).getByLabelText('Reason'), 'Excluded by mistake');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Undo exclude' }));
  await waitFor(() =>
    expect(dialogs.alerts).toEqual(['Exclusion undone: the line is unmatched again']),
  );
  expect(undo.calls.map((call) => [call.params, call.body])).toEqual([
    [{ id: '2', lineId: '6' }, { reason: 'Excluded by mistake' }],
  ]);
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(prompt).not.toHaveBeenCalled();
  expect(dialogs.confirms).toEqual([]);
});

test('a viewer sees the transfer suggested, and neither Accept nor Undo exclude', async () => {
  mockCurrentUser('viewer');
  renderPage();
  expect(await rowOf('ATM WITHDRAWAL 0042')).toHaveTextContent('Transfer #9');
  await userEvent.click(screen.getByLabelText('Show matched and excluded lines'));
  await rowOf('Charge');
  expect(screen.queryByRole('button', { name: /^Accept/ })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /^Undo exclude/ })).not.toBeInTheDocument();
  expect(screen.queryByLabelText('Choose transfer #9')).not.toBeInTheDocument();
});
