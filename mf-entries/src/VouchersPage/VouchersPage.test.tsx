import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Voucher } from 'contract/browser';
import {
  axeViolations,
  endpoints,
  failWith,
  ledgerAccount,
  mockCurrentUser,
  mockEndpoint,
  render,
} from 'shared-ui/testing';
import { mockOpenBooks, openScreenEachTest, optionTexts } from '../testing';
import { VouchersPage } from './VouchersPage';

const account = ledgerAccount;

const ACCOUNTS = [
  account(1, '1000', 'Cash', 'Asset', { origin: 'money account', bookable: false }),
  account(2, '4000', 'Sales', 'Income', { bookable: false }),
  account(3, '1500', 'Office equipment', 'Asset'),
  account(7, '3000', "Owner's capital", 'Equity'),
  account(8, '3100', 'Retained earnings', 'Equity'),
  account(14, '5900', 'Old costs', 'Expense', { closed: true }),
];

const CAPITAL: Voucher = {
  id: 2,
  date: '2026-07-01',
  description: "Owner's capital brought in",
  lines: [
    { accountId: 3, code: '1500', name: 'Office equipment', debit: 250000, credit: 0 },
    { accountId: 7, code: '3000', name: "Owner's capital", debit: 0, credit: 250000 },
  ],
  reversesId: null,
  reversedById: null,
  createdAt: '2026-07-01T09:00:00Z',
};

const REVERSED: Voucher = {
  ...CAPITAL,
  id: 1,
  description: 'Typed twice',
  reversedById: 3,
};

const dialogs = openScreenEachTest();
beforeEach(() => {
  mockOpenBooks();
  mockEndpoint(endpoints.listLedgerAccounts, { accounts: ACCOUNTS });
  mockEndpoint(endpoints.listVouchers, { vouchers: [CAPITAL, REVERSED], next: null });
});

const listCells = () =>
  within(screen.getByRole('table', { name: 'Vouchers' }))
    .getAllByRole('row')
    .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent ?? ''));

const totals = () => screen.getByRole('status', { name: 'Voucher totals' });

describe('VouchersPage: the list', () => {
  it('should list the vouchers with their lines for a viewer, with no write controls', async () => {
    mockCurrentUser('viewer');
    render(<VouchersPage />);
    await screen.findByText('Typed twice');
    expect(listCells()).toEqual([
      ['Voucher', 'Date', 'Description', 'Lines', 'Amount', 'State'],
      [
        '#2',
        '2026-07-01',
        "Owner's capital brought in",
        "1500 Office equipment: Debit 250,000.003000 Owner's capital: Credit 250,000.00",
        '250,000.00',
        'Posted',
      ],
      [
        '#1',
        '2026-07-01',
        'Typed twice',
        "1500 Office equipment: Debit 250,000.003000 Owner's capital: Credit 250,000.00",
        '250,000.00',
        'Reversed by #3',
      ],
    ]);
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'Post a voucher' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Reverse/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it('should give staff the list alone too', async () => {
    mockCurrentUser('staff');
    render(<VouchersPage />);
    await screen.findByText('Typed twice');
    expect(screen.queryByRole('button', { name: 'Post' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Reverse/ })).not.toBeInTheDocument();
  });

  it('should let an admin reverse a voucher with a reason, not one already reversed', async () => {
    mockCurrentUser('admin');
    const reverse = mockEndpoint(endpoints.reverseVoucher, {
      message: 'Voucher reversed',
      voucher: { ...CAPITAL, id: 4, reversesId: 2 },
    });
    render(<VouchersPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reverse voucher #2' }));
    expect(screen.queryByRole('button', { name: 'Reverse voucher #1' })).not.toBeInTheDocument();
    const dialog = within(screen.getByRole('dialog', { name: 'Reverse voucher #2' }));
    // The reversal is dated as the voucher (the API's rule), not today.
    expect(
      dialog.getByText(/its reversal posts the opposite lines on the voucher's own date/),
    ).toHaveTextContent(`on the voucher's own date, ${CAPITAL.date}.`);
    await user.type(dialog.getByLabelText('Reason'), 'Entered in the wrong year');
    await user.click(dialog.getByRole('button', { name: 'Reverse' }));
    await waitFor(() => expect(dialogs.alerts).toEqual(['Voucher reversed']));
    expect(reverse.calls.map((call) => [call.params, call.body])).toEqual([
      [{ id: '2' }, { reason: 'Entered in the wrong year' }],
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('VouchersPage: the form', () => {
  beforeEach(() => mockCurrentUser('admin'));

  it('should show the debits, credits and difference as typed, and Post only once they are equal', async () => {
    const post = mockEndpoint(endpoints.createVoucher, {
      message: 'Voucher posted',
      voucher: { ...CAPITAL, id: 5 },
    });
    render(<VouchersPage />);
    const user = userEvent.setup();
    const form = within(await screen.findByRole('region', { name: 'Post a voucher' }));
    await within(form.getByLabelText('Account, line 1')).findByRole('option', {
      name: '1500 Office equipment',
    });
    // Closed accounts and those the entry forms keep (Sales) are not offered; money accounts are.
    expect(optionTexts(form.getByLabelText('Account, line 1'))).toEqual([
      'Select account',
      '1000 Cash',
      '1500 Office equipment',
      "3000 Owner's capital",
      '3100 Retained earnings',
    ]);
    expect(totals()).toHaveTextContent('Debits RS: 0.00Credits RS: 0.00Difference RS: 0.00');
    const postButton = form.getByRole('button', { name: 'Post' });
    expect(postButton).toBeDisabled();

    await user.type(form.getByLabelText('Description'), "Owner's capital brought in");
    await user.selectOptions(form.getByLabelText('Account, line 1'), '3');
    await user.type(form.getByLabelText('Debit, line 1'), '250,000');
    await user.selectOptions(form.getByLabelText('Account, line 2'), '7');
    await user.type(form.getByLabelText('Credit, line 2'), '200000.50');
    expect(totals()).toHaveTextContent(
      'Debits RS: 250,000.00Credits RS: 200,000.50Difference RS: 49,999.50',
    );
    expect(postButton).toBeDisabled();
    expect(postButton).toHaveAccessibleDescription('Debits and credits must be equal');

    // A third line makes up the difference; removing it unbalances the voucher again.
    await user.click(form.getByRole('button', { name: 'Add line' }));
    await user.selectOptions(form.getByLabelText('Account, line 3'), '8');
    await user.type(form.getByLabelText('Credit, line 3'), '49999.50');
    expect(totals()).toHaveTextContent(
      'Debits RS: 250,000.00Credits RS: 250,000.00Difference RS: 0.00',
    );
    expect(postButton).toBeEnabled();
    await user.click(form.getByRole('button', { name: 'Remove line 3' }));
    expect(totals()).toHaveTextContent('Difference RS: 49,999.50');
    expect(postButton).toBeDisabled();
    expect(form.getByRole('button', { name: 'Remove line 2' })).toBeDisabled();

    await user.clear(form.getByLabelText('Credit, line 2'));
    await user.type(form.getByLabelText('Credit, line 2'), '250000');
    expect(postButton).toBeEnabled();
    expect(await axeViolations()).toEqual([]);
    await user.click(postButton);
    await waitFor(() => expect(dialogs.alerts).toEqual(['Voucher posted']));
    expect(post.calls.map((call) => call.body)).toEqual([
      {
        date: expect.stringMatching(/^\d{4}-\d\d-\d\d$/) as string,
        description: "Owner's capital brought in",
        lines: [
          { accountId: 3, debit: '250000.00' },
          { accountId: 7, credit: '250000.00' },
        ],
      },
    ]);
    expect(form.getByLabelText('Description')).toHaveValue('');
  });

  it("should alert the server's refusal and keep the voucher as typed", async () => {
    mockEndpoint(
      endpoints.createVoucher,
      failWith(
        409,
        'The books are closed through 2026-06-30: nothing dated on or before it is accepted',
      ),
    );
    render(<VouchersPage />);
    const user = userEvent.setup();
    const form = within(await screen.findByRole('region', { name: 'Post a voucher' }));
    await within(form.getByLabelText('Account, line 1')).findByRole('option', {
      name: '1500 Office equipment',
    });
    await user.clear(form.getByLabelText('Date'));
    await user.type(form.getByLabelText('Date'), '2026-06-01');
    await user.type(form.getByLabelText('Description'), 'Accrued rent');
    await user.selectOptions(form.getByLabelText('Account, line 1'), '3');
    await user.type(form.getByLabelText('Debit, line 1'), '100');
    await user.selectOptions(form.getByLabelText('Account, line 2'), '7');
    await user.type(form.getByLabelText('Credit, line 2'), '100');
    await user.click(form.getByRole('button', { name: 'Post' }));
    await waitFor(() =>
      expect(dialogs.alerts).toEqual([
        'The books are closed through 2026-06-30: nothing dated on or before it is accepted',
      ]),
    );
    expect(form.getByLabelText('Description')).toHaveValue('Accrued rent');
  });
});
