import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axeViolations, endpoints, mockCurrentUser, mockEndpoint } from 'shared-ui/testing';
import { BANK, answerEachTest, mockAccounts, openScreenEachTest, renderAt } from '../testing';
import { AccountsPage } from './AccountsPage';

const RULE = {
  id: 5,
  contains: 'BANK CHARGES',
  minAmount: null,
  maxAmount: 50,
  kind: 'expense' as const,
  partyId: 3,
  ledgerAccountId: null,
  direction: null,
  partyName: 'Bank charges',
  description: 'Monthly bank charges',
  enabled: true,
};

const dialogs = openScreenEachTest();
beforeEach(() => {
  mockAccounts();
  mockEndpoint(endpoints.listBankRules, { rules: [RULE] });
});
const transfer = answerEachTest(endpoints.createTransfer, {
  message: 'Transfer saved',
  transfer: {
    id: 9,
    fromAccountId: 1,
    toAccountId: 2,
    amount: 500,
    date: '2026-10-05',
    description: 'Cash deposited',
    reversesId: null,
    createdAt: '2026-10-05T10:00:00.000Z',
  },
});
const updateRule = answerEachTest(endpoints.updateBankRule, {
  message: 'Rule updated',
  rule: { ...RULE, enabled: false },
});

const renderPage = () => renderAt('/Accounts', <AccountsPage />);

/** The Transfer form, signed in as staff, from Cash to the bank account. */
async function transferFromCashToBank() {
  mockCurrentUser('staff');
  renderPage();
  const form = await screen.findByRole('form', { name: 'Transfer' });
  await waitFor(() =>
    expect(within(form).getAllByRole('option', { name: 'Cash' })).toHaveLength(2),
  );
  await userEvent.selectOptions(within(form).getByLabelText('From'), 'Cash');
  await userEvent.selectOptions(within(form).getByLabelText('To'), 'Meezan current');
  return form;
}

describe('AccountsPage', () => {
  it('should list each account with its kind, bank, balance today and reconciled-through day', async () => {
    mockCurrentUser('staff');
    renderPage();
    const table = await screen.findByRole('table', { name: 'Accounts' });
    const bank = (await within(table).findByRole('link', { name: 'Meezan current' })).closest(
      'tr',
    )!;
    expect(within(table).getByRole('link', { name: 'Meezan current' })).toHaveAttribute(
      'href',
      '/Accounts/2',
    );
    expect(bank).toHaveTextContent('Bank');
    expect(bank).toHaveTextContent('Meezan …4821');
    expect(bank).toHaveTextContent('RS: 98,765.43');
    expect(bank).toHaveTextContent('2026-09-30');
    const cash = within(table).getByRole('link', { name: 'Cash' }).closest('tr')!;
    expect(cash).toHaveTextContent('RS: 1,250.50');
    expect(cash).toHaveTextContent('Never');
    expect(cash).toHaveTextContent('Default');
    // Only admins add or change accounts.
    expect(screen.queryByRole('button', { name: 'Add account' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Cash' })).not.toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it('should send a Transfer between two accounts and say so', async () => {
    const form = await transferFromCashToBank();
    await userEvent.type(within(form).getByLabelText('Amount'), '500');
    await userEvent.clear(within(form).getByLabelText('Date'));
    await userEvent.type(within(form).getByLabelText('Date'), '2026-10-05');
    await userEvent.type(within(form).getByLabelText('Description'), 'Cash deposited');
    await userEvent.click(within(form).getByRole('button', { name: 'Transfer' }));
    await waitFor(() => expect(dialogs.alerts).toEqual(['Transfer saved']));
    expect(transfer.calls.map((call) => call.body)).toEqual([
      {
        fromAccountId: 1,
        toAccountId: 2,
        amount: 500,
        date: '2026-10-05',
        description: 'Cash deposited',
      },
    ]);
    expect(within(form).getByLabelText('Amount')).toHaveValue('');
  });

  it('should refuse a transfer without an amount before asking the server', async () => {
    const form = await transferFromCashToBank();
    await userEvent.click(within(form).getByRole('button', { name: 'Transfer' }));
    expect(dialogs.alerts).toEqual(['Enter a valid amount (greater than 0, at most 2 decimals)']);
    expect(transfer.calls).toHaveLength(0);
  });

  it('should list the rules and switch one off', async () => {
    mockCurrentUser('staff');
    renderPage();
    const rules = await screen.findByRole('table', { name: 'Rules' });
    const row = (await within(rules).findByText('BANK CHARGES')).closest('tr')!;
    expect(row).toHaveTextContent('to RS: 50.00');
    expect(row).toHaveTextContent('Bank charges');
    expect(row).toHaveTextContent('On');
    await userEvent.click(
      within(row).getByRole('button', { name: 'Switch off rule BANK CHARGES' }),
    );
    await waitFor(() => expect(dialogs.alerts).toEqual(['Rule updated']));
    expect(updateRule.calls.map((call) => [call.params, call.body])).toEqual([
      [
        { id: '5' },
        {
          contains: 'BANK CHARGES',
          minAmount: null,
          maxAmount: 50,
          kind: 'expense',
          partyId: 3,
          description: 'Monthly bank charges',
          enabled: false,
        },
      ],
    ]);
  });

  it('should list a rule remembered to a ledger account and keep its account when edited', async () => {
    mockCurrentUser('staff');
    const LEDGER_RULE = {
      ...RULE,
      id: 6,
      contains: 'SERVICE CHARGES REF',
      maxAmount: null,
      kind: 'ledger' as const,
      partyId: null,
      ledgerAccountId: 9,
      direction: 'out' as const,
      partyName: '5100 Bank charges',
      description: '',
    };
    mockEndpoint(endpoints.listBankRules, { rules: [RULE, LEDGER_RULE] });
    const update = mockEndpoint(endpoints.updateBankRule, {
      message: 'Rule updated',
      rule: { ...LEDGER_RULE, contains: 'SERVICE CHARGES' },
    });
    renderPage();
    const rules = await screen.findByRole('table', { name: 'Rules' });
    const row = (await within(rules).findByText('SERVICE CHARGES REF')).closest('tr')!;
    expect(row).toHaveTextContent('Ledger account');
    expect(row).toHaveTextContent('5100 Bank charges');
    await userEvent.click(
      within(row).getByRole('button', { name: 'Edit rule SERVICE CHARGES REF' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit rule' });
    expect(dialog).toHaveTextContent('Books to the ledger account 5100 Bank charges');
    expect(within(dialog).queryByLabelText('Party')).not.toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
    const contains = within(dialog).getByLabelText('Description contains');
    await userEvent.clear(contains);
    await userEvent.type(contains, 'SERVICE CHARGES');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(update.calls.map((call) => [call.params, call.body])).toEqual([
        [
          { id: '6' },
          {
            contains: 'SERVICE CHARGES',
            minAmount: null,
            maxAmount: null,
            kind: 'ledger',
            ledgerAccountId: 9,
            direction: 'out',
            description: '',
            enabled: true,
          },
        ],
      ]),
    );
  });

  it('should let an admin add an account with its Opening balance and make it the Default', async () => {
    mockCurrentUser('admin');
    const create = mockEndpoint(endpoints.createAccount, {
      message: 'Account created',
      account: { ...BANK, id: 3, name: 'HBL', isDefault: true },
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Add account' }));
    const dialog = screen.getByRole('dialog', { name: 'Add account' });
    await userEvent.type(within(dialog).getByLabelText('Name'), 'HBL');
    await userEvent.type(within(dialog).getByLabelText('Bank name'), 'Habib Bank');
    await userEvent.type(within(dialog).getByLabelText('Last 4 digits'), '0042');
    await userEvent.clear(within(dialog).getByLabelText('Opening balance'));
    await userEvent.type(within(dialog).getByLabelText('Opening balance'), '-120.50');
    await userEvent.clear(within(dialog).getByLabelText('Opening balance date'));
    await userEvent.type(within(dialog).getByLabelText('Opening balance date'), '2026-07-01');
    await userEvent.click(within(dialog).getByLabelText('Default'));
    expect(within(dialog).getByLabelText('Currency')).toHaveValue('PKR');
    await userEvent.clear(within(dialog).getByLabelText('Currency'));
    await userEvent.type(within(dialog).getByLabelText('Currency'), 'usd');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(dialogs.alerts).toEqual(['Account created']));
    expect(create.calls.map((call) => call.body)).toEqual([
      {
        name: 'HBL',
        kind: 'Bank',
        bankName: 'Habib Bank',
        last4: '0042',
        openingBalance: '-120.50',
        openingDate: '2026-07-01',
        isDefault: true,
        currency: 'USD',
      },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('should let an admin edit an account, filled with its values', async () => {
    mockCurrentUser('admin');
    const update = mockEndpoint(endpoints.updateAccount, {
      message: 'Account updated',
      account: { ...BANK, name: 'Meezan' },
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Meezan current' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit account Meezan current' });
    expect(within(dialog).getByLabelText('Last 4 digits')).toHaveValue('4821');
    expect(within(dialog).getByLabelText('Opening balance')).toHaveValue('10000.00');
    await userEvent.clear(within(dialog).getByLabelText('Name'));
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Meezan');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(dialogs.alerts).toEqual(['Account updated']));
    expect(update.calls.map((call) => [call.params, call.body])).toEqual([
      [
        { id: '2' },
        {
          name: 'Meezan',
          kind: 'Bank',
          bankName: 'Meezan',
          last4: '4821',
          openingBalance: '10000.00',
          openingDate: '2026-01-01',
          isDefault: false,
          currency: 'PKR',
        },
      ],
    ]);
  });

  it("should send an admin's reason with a new opening balance of a reconciled account", async () => {
    mockCurrentUser('admin');
    const update = mockEndpoint(endpoints.updateAccount, {
      message: 'Account updated',
      account: { ...BANK, openingBalance: 10500 },
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Meezan current' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit account Meezan current' });
    await userEvent.clear(within(dialog).getByLabelText('Opening balance'));
    await userEvent.type(within(dialog).getByLabelText('Opening balance'), '10500');
    await userEvent.type(
      within(dialog).getByLabelText(
        'Reason to change the opening balance or date (reconciled through 2026-09-30)',
      ),
      'per the bank letter',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(dialogs.alerts).toEqual(['Account updated']));
    expect(update.calls.map((call) => call.body)).toEqual([
      expect.objectContaining({ openingBalance: '10500', reason: 'per the bank letter' }),
    ]);
  });

  it('should show a viewer the accounts and rules read-only', async () => {
    mockCurrentUser('viewer');
    renderPage();
    await screen.findByRole('link', { name: 'Meezan current' });
    await screen.findByText('BANK CHARGES');
    expect(screen.queryByRole('form', { name: 'Transfer' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add account' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add rule' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Switch off/ })).not.toBeInTheDocument();
  });
});
