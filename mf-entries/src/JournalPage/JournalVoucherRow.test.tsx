// A voucher's row in the Journal (issue 40): its figures beside the entries, its lines for
// everyone, its reversal for admins only, and Voucher among the Kind filter's options.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { JournalRow, Role } from 'contract/browser';
import { axeViolations, endpoints, mockCurrentUser, mockEndpoint } from 'shared-ui/testing';
import {
  CASH,
  answerEachTest,
  mockAccounts,
  mockOpenBooks,
  openScreenEachTest,
  renderAt,
  optionTexts,
} from '../testing';
import { JournalPage } from './JournalPage';

const base = {
  date: '2025-05-10',
  recordedBy: { id: 1, name: 'Admin', email: 'admin@x.test', former: false },
  recordedAt: '2025-05-10T09:30:00.000Z',
  reversesId: null,
  reversedById: null,
  receipts: 0,
};

/** Entry #7 and voucher #7: two rows with one number. */
const ENTRY: JournalRow = {
  ...base,
  id: 7,
  kind: 'expense',
  partyId: 1,
  partyName: 'Rent',
  Creditdebit: 'Credit',
  amount: 300,
  description: 'May rent',
  accountId: CASH.id,
  accountName: 'Cash',
};
const CAPITAL: JournalRow = {
  ...base,
  id: 7,
  kind: 'voucher',
  partyId: null,
  partyName: "Cash, Owner's capital",
  Creditdebit: null,
  amount: 250000.5,
  description: 'Opening capital',
  lines: [
    { accountId: 9, code: '1001', name: 'Cash', debit: 250000.5, credit: 0 },
    { accountId: 3, code: '3000', name: "Owner's capital", debit: 0, credit: 250000.5 },
  ],
};
const REVERSED: JournalRow = {
  ...CAPITAL,
  id: 5,
  partyName: 'Bank charges, Cash',
  amount: 75,
  description: 'Cheque book',
  reversedById: 6,
  lines: [],
};

const dialogs = openScreenEachTest();
beforeEach(() => {
  mockEndpoint(endpoints.getJournalTotals, {
    count: 3,
    credit: 300,
    debit: 0,
    vouchers: 250075.5,
  });
  mockOpenBooks();
  mockEndpoint(endpoints.listJournal, { entries: [CAPITAL, ENTRY, REVERSED], next: null });
  mockAccounts([CASH]);
});
const reverse = answerEachTest(endpoints.reverseVoucher, {
  message: 'Voucher reversed',
  voucher: {
    id: 8,
    date: CAPITAL.date,
    description: 'Wrong year',
    lines: [],
    reversesId: 7,
    reversedById: null,
    createdAt: '2025-05-11T08:00:00.000Z',
  },
});
afterEach(() => jest.restoreAllMocks());

/** The Journal as a user of `role` sees it, once the voucher's row is shown. */
async function openJournalAs(role: Role) {
  mockCurrentUser(role);
  renderAt('/Journal', <JournalPage />, { route: '/Journal' });
  await screen.findByText('Opening capital');
}

/** The cells of a table row by their column, as they read. */
const cellsOf = (row: HTMLElement) =>
  Object.fromEntries(
    Array.from(row.querySelectorAll('td')).map((cell) => [
      cell.getAttribute('data-label'),
      cell.textContent,
    ]),
  );

describe('a voucher in the Journal', () => {
  it('shows its day, kind, accounts, total debit and who posted it; its lines to a viewer, no write button', async () => {
    await openJournalAs('viewer');
    const table = await screen.findByRole('table', { name: 'Journal' });
    await within(table).findByText('Opening capital');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(cellsOf(rows[0] as HTMLElement)).toMatchObject({
      'No.': '#7',
      Date: '2025-05-10',
      Kind: 'Voucher',
      Party: "Cash, Owner's capital",
      'Credit/\u200bDebit': '',
      Amount: '250,000.50',
      Description: 'Opening capital',
      'Recorded by': 'Admin',
      Receipt: 'Lines',
    });
    // Entry #7 is a row of its own.
    expect(cellsOf(rows[1] as HTMLElement)).toMatchObject({ 'No.': '#7', Kind: 'Expense' });
    expect(cellsOf(rows[2] as HTMLElement)).toMatchObject({ State: 'reversed by #6' });
    expect(screen.getByRole('status', { name: 'Totals' })).toHaveTextContent(
      '3 entries match · Credit RS: 300.00 · Debit RS: 0.00 · Vouchers RS: 250,075.50',
    );
    expect(screen.queryByRole('button', { name: /^(Actions|Reverse|Correct)/ })).toBeNull();
    expect(await axeViolations()).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Lines of voucher #7' }));
    const dialog = await screen.findByRole('dialog', { name: 'Voucher #7' });
    const lines = within(dialog).getByRole('table', { name: 'Lines of voucher #7' });
    expect(
      within(lines)
        .getAllByRole('row')
        .slice(1)
        .map((line) => line.textContent),
    ).toEqual(['1001 Cash250,000.50', "3000 Owner's capital250,000.50"]);
    expect(within(dialog).getByRole('link', { name: 'Open Vouchers' })).toHaveAttribute(
      'href',
      '/Vouchers',
    );
    expect(await axeViolations()).toEqual([]);
  });

  it("gives staff the entry's actions and none on a voucher", async () => {
    await openJournalAs('staff');
    expect(screen.getByRole('button', { name: 'Reverse entry #7' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Actions for voucher #7' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Reverse voucher/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Lines of voucher #7' })).toBeInTheDocument();
  });

  it('lets an admin reverse a voucher with a reason through the voucher reversal, not one reversed', async () => {
    await openJournalAs('admin');
    expect(screen.getByRole('button', { name: 'Actions for voucher #7' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reverse voucher #5' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Correct voucher #7' })).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Reverse voucher #7' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Reverse voucher #7' }));
    await user.type(dialog.getByLabelText('Reason'), 'Wrong year');
    await user.click(dialog.getByRole('button', { name: 'Reverse' }));
    await waitFor(() => expect(dialogs.alerts).toEqual(['Voucher reversed']));
    expect(reverse.calls.map((call) => [call.params, call.body])).toEqual([
      [{ id: '7' }, { reason: 'Wrong year' }],
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('offers Voucher among the kinds, and no party for it', async () => {
    await openJournalAs('staff');
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const kind = screen.getByLabelText('Kind');
    expect(optionTexts(kind)).toEqual(['All kinds', 'Income', 'Expense', 'Salary', 'Voucher']);
    await userEvent.selectOptions(kind, 'voucher');
    expect(screen.getByLabelText('Party')).toBeDisabled();
    expect(
      within(screen.getByLabelText('Party')).getByRole('option', {
        name: 'A voucher has no party',
      }),
    ).toBeInTheDocument();
  });
});
