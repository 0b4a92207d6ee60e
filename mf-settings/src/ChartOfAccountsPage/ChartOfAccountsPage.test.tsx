import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LedgerAccount } from 'contract/browser';
import {
  axeViolations,
  collectDialogs,
  endpoints,
  failWith,
  ledgerAccount,
  mockCurrentUser,
  mockEndpoint,
  render,
  type Dialogs,
} from 'shared-ui/testing';
import { ChartOfAccountsPage } from './ChartOfAccountsPage';

const account = ledgerAccount;

const ACCOUNTS: LedgerAccount[] = [
  account(1, '1000', 'Cash', 'Asset', { balance: 480000, hasPostings: true }),
  account(2, '1010', 'Meezan Bank', 'Asset', {
    parentId: 1,
    origin: 'money account',
    balance: 1230,
  }),
  account(4, '1200', 'Accounts receivable', 'Asset', { balance: 20000 }),
  account(5, '2100', 'Salaries payable', 'Liability'),
  account(7, '3000', "Owner's capital", 'Equity', { balance: 500000 }),
  account(9, '4000', 'Sales', 'Income', { balance: 50000 }),
  account(12, '5100', 'Salaries', 'Expense', { balance: 50000 }),
  account(13, '5200', 'Rent', 'Expense', { origin: 'expense type' }),
  account(14, '5900', 'Old costs', 'Expense', { origin: 'added', closed: true }),
];

const cells = (caption: string) =>
  within(screen.getByRole('table', { name: caption }))
    .getAllByRole('row')
    .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent ?? ''));

let dialogs: Dialogs;
beforeEach(() => {
  dialogs = collectDialogs();
  mockEndpoint(endpoints.listLedgerAccounts, { accounts: ACCOUNTS });
});

describe('ChartOfAccountsPage', () => {
  it('should show the accounts by type as a tree with code, name, origin, balance and state', async () => {
    mockCurrentUser('viewer');
    render(<ChartOfAccountsPage />);
    await screen.findByText('Meezan Bank');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Chart of accounts' }),
    ).toBeInTheDocument();
    expect(cells('Asset accounts')).toEqual([
      ['Code', 'Name', 'From', 'Balance (RS)', 'Status'],
      ['1000', 'Cash', 'Starting chart', '480,000.00', 'Open'],
      ['1010', 'Meezan Bank', 'Money account', '1,230.00', 'Open'],
      ['1200', 'Accounts receivable', 'Starting chart', '20,000.00', 'Open'],
    ]);
    expect(cells('Liability accounts')).toEqual([
      ['Code', 'Name', 'From', 'Balance (RS)', 'Status'],
      ['2100', 'Salaries payable', 'Starting chart', '0.00', 'Open'],
    ]);
    expect(cells('Expense accounts').slice(1)).toEqual([
      ['5100', 'Salaries', 'Starting chart', '50,000.00', 'Open'],
      ['5200', 'Rent', 'Expense type', '0.00', 'Open'],
      ['5900', 'Old costs', 'Added', '0.00', 'Closed'],
    ]);
    // A sub-account sits under its parent, indented.
    expect(screen.getByText('Meezan Bank')).toHaveClass('mf-chart__name--sub');
    expect(await axeViolations()).toEqual([]);
  });

  it.each(['viewer', 'staff'] as const)('should give a %s no write controls', async (role) => {
    mockCurrentUser(role);
    render(<ChartOfAccountsPage />);
    await screen.findByText('Meezan Bank');
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
  });

  it('should let an admin add an account under a parent of its type', async () => {
    mockCurrentUser('admin');
    const create = mockEndpoint(endpoints.createLedgerAccount, {
      message: 'Ledger account added',
      account: account(20, '2200', 'Loan from director', 'Liability', { parentId: 5 }),
    });
    render(<ChartOfAccountsPage />);
    const user = userEvent.setup();
    const form = within(await screen.findByRole('region', { name: 'Add an account' }));
    await user.type(form.getByLabelText('Code'), '2200');
    await user.type(form.getByLabelText('Name'), 'Loan from director');
    await user.selectOptions(form.getByLabelText('Type'), 'Liability');
    expect(
      within(form.getByLabelText('Parent account'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['None (a top account)', '2100 Salaries payable']);
    await user.selectOptions(form.getByLabelText('Parent account'), '5');
    await user.click(form.getByRole('button', { name: 'Add account' }));
    await waitFor(() => expect(dialogs.alerts).toEqual(['Ledger account added']));
    expect(create.calls.map((call) => call.body)).toEqual([
      { code: '2200', name: 'Loan from director', type: 'Liability', parentId: 5 },
    ]);
    expect(form.getByLabelText('Code')).toHaveValue('');
    expect(await axeViolations()).toEqual([]);
  });

  it('should show the server refusing an account, and keep what was typed', async () => {
    mockCurrentUser('admin');
    mockEndpoint(
      endpoints.createLedgerAccount,
      failWith(409, 'That code is already used by another account'),
    );
    render(<ChartOfAccountsPage />);
    const user = userEvent.setup();
    const form = within(await screen.findByRole('region', { name: 'Add an account' }));
    await user.type(form.getByLabelText('Code'), '1000');
    await user.type(form.getByLabelText('Name'), 'Petty cash');
    await user.click(form.getByRole('button', { name: 'Add account' }));
    await waitFor(() =>
      expect(dialogs.alerts).toEqual(['That code is already used by another account']),
    );
    expect(form.getByLabelText('Code')).toHaveValue('1000');
  });

  it('should let an admin change an account, but not rename one kept with a money account', async () => {
    mockCurrentUser('admin');
    const update = mockEndpoint(endpoints.updateLedgerAccount, {
      message: 'Ledger account saved',
      account: ACCOUNTS[1] as LedgerAccount,
    });
    render(<ChartOfAccountsPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit 1010 Meezan Bank' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit 1010 Meezan Bank' }));
    expect(dialog.queryByLabelText('Name')).not.toBeInTheDocument();
    expect(dialog.getByText(/kept with its money account: renamed there/)).toBeInTheDocument();
    expect(dialog.getByLabelText('Type')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Close 1010 Meezan Bank' })).toBeNull();
    await user.clear(dialog.getByLabelText('Code'));
    await user.type(dialog.getByLabelText('Code'), '1011');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(dialogs.alerts).toEqual(['Ledger account saved']));
    expect(update.calls.map((call) => [call.params, call.body])).toEqual([
      [
        { id: '2' },
        { code: '1011', name: 'Meezan Bank', type: 'Asset', parentId: 1, closed: false },
      ],
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('should let an admin close an account once confirmed and reopen a closed one', async () => {
    mockCurrentUser('admin');
    const update = mockEndpoint(endpoints.updateLedgerAccount, {
      message: 'Ledger account saved',
      account: ACCOUNTS[3] as LedgerAccount,
    });
    render(<ChartOfAccountsPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Close 1200 Accounts receivable' }));
    expect(dialogs.confirms).toEqual([
      'Close 1200 Accounts receivable? It keeps its postings and takes no new ones.',
    ]);
    await user.click(screen.getByRole('button', { name: 'Reopen 5900 Old costs' }));
    await waitFor(() => expect(update.calls).toHaveLength(2));
    expect(update.calls.map((call) => [call.params.id, call.body?.closed])).toEqual([
      ['4', true],
      ['14', false],
    ]);
  });
});
