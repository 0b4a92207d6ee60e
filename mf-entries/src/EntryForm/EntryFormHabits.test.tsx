// The clerk's habits on the entry screens (issue 32): correcting in place, what was just
// recorded, notices instead of pop-ups, the pickers' order and the client's balance.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Client } from 'contract/browser';
import { axeViolations, endpoints, failWith, mockEndpoint } from 'shared-ui/testing';
import { CASH, comboboxOptions, mockAccounts, optionTexts, expectOneCall } from '../testing';
import { ExpensePage } from '../ExpensePage/ExpensePage';
import { IncomePage } from '../IncomePage';
import { ACME, ENTRY, RECORDED, RENT, mockEntryScreens, render } from './entry-screens.fixtures';

const mocks = mockEntryScreens();

describe('the clerk’s habits (issue 32)', () => {
  const ZED: Client = { id: 7, name: 'zed', email: 'z@zed.test', companyName: '' };
  const BOB: Client = { id: 8, name: 'Bob', email: 'b@bob.test', companyName: 'Bob & Sons' };
  const recordedRow = (id: number, amount: number, receipts = 0, description = '') => ({
    id,
    date: '2026-11-20',
    kind: 'expense' as const,
    partyId: 1,
    partyName: 'Rent',
    Creditdebit: 'Credit' as const,
    amount,
    description,
    accountId: id === 12 ? 2 : 1,
    accountName: id === 12 ? 'Meezan current' : 'Cash',
    recordedBy: { id: 2, name: 'Staff', email: 's@office.test', former: false },
    recordedAt: '2026-11-20T10:00:00.000Z',
    reversesId: null,
    reversedById: null,
    receipts,
  });

  it('corrects an entry in place with the Journal’s dialog, then lists the corrected one', async () => {
    mockEndpoint(endpoints.listExpenseTypesForEntries, { users: [RENT] });
    const correct = mockEndpoint(endpoints.correctEntry, {
      message: 'Entry corrected #12: reversed by #13, recorded again as #14',
      reversal: { ...ENTRY, kind: 'expense', id: 13, amount: -12500.5, reversesId: 12 },
      entry: { ...ENTRY, kind: 'expense', id: 14, amount: 1250.5 },
    });
    mocks.justRecorded.answer({ entries: [recordedRow(12, 12500.5, 2)] });
    render(<ExpensePage />);
    const section = await screen.findByRole('region', { name: 'Just recorded' });
    await userEvent.click(
      await within(section).findByRole('button', { name: 'Correct entry #12' }),
    );
    // The dialog's code is fetched the first time it opens.
    const dialog = await screen.findByRole('dialog', { name: 'Correct entry #12' });
    expect(within(dialog).getByLabelText('Reason')).toHaveFocus();
    await userEvent.keyboard('one zero too many');
    const amount = within(dialog).getByLabelText('Amount');
    await userEvent.clear(amount);
    await userEvent.type(amount, '1,250.50');
    mocks.justRecorded.answer({
      entries: [
        { ...recordedRow(14, 1250.5, 2) },
        { ...recordedRow(12, 12500.5, 2), reversedById: 13 },
      ],
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save correction' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expectOneCall(correct, {
      params: { id: '12' },
      body: { reason: 'one zero too many', amount: 1250.5 },
    });
    expect(
      within(section).getByText('Entry corrected #12: reversed by #13, recorded again as #14'),
    ).toHaveFocus();
    await within(section).findByText('#14');
    expect(within(section).getByText('RS: 1,250.50')).toBeInTheDocument();
    expect(within(section).getByText('Reversed by #13')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Correct entry #12' })).toBeNull();
    expect(within(section).getByRole('button', { name: 'Correct entry #14' })).toBeInTheDocument();
    expect(mocks.dialogs.alerts).toEqual([]);
    expect(mocks.dialogs.confirms).toEqual([]);
  });

  it('records expenses one after another by keyboard, back on Expense Type after each save', async () => {
    mockAccounts([CASH]);
    mockEndpoint(endpoints.listExpenseTypesForEntries, { users: [RENT] });
    const post = mockEndpoint(endpoints.addExpense, RECORDED);
    const withFiles = mockEndpoint(endpoints.addEntryWithReceipts, { ...RECORDED, receipts: [] });
    render(<ExpensePage />);
    await screen.findByRole('option', { name: 'Rent' });
    const type = screen.getByLabelText('Expense Type');
    act(() => type.focus());
    await userEvent.selectOptions(type, 'Rent');
    const typed: Array<[string, string, File?]> = [
      ['1,250', 'diesel'],
      ['800.50', 'petrol', new File(['%PDF-1.4'], 'fuel.pdf', { type: 'application/pdf' })],
      ['99', 'toner'],
    ];
    for (const [amount, description, receipt] of typed) {
      expect(type).toHaveFocus();
      // Credit/Debit (chosen already), then Amount, then Description.
      await userEvent.tab();
      expect(screen.getByLabelText('Credit/Debit')).toHaveFocus();
      await userEvent.tab();
      await userEvent.keyboard(amount);
      await userEvent.tab();
      expect(screen.getByLabelText('Description (optional)')).toHaveFocus();
      await userEvent.keyboard(description);
      if (receipt) {
        // Past the date to Receipt, then past Take a photo to the button.
        await userEvent.tab();
        await userEvent.tab();
        expect(screen.getByLabelText('Receipt')).toHaveFocus();
        await userEvent.upload(screen.getByLabelText('Receipt'), receipt);
        await userEvent.tab();
        await userEvent.tab();
        expect(screen.getByRole('button', { name: 'Add Expense' })).toHaveFocus();
      }
      const saved = mocks.dialogs.alerts.length;
      await userEvent.keyboard('{Enter}');
      await waitFor(() => expect(mocks.dialogs.alerts).toHaveLength(saved + 1));
      await waitFor(() => expect(type).toHaveFocus());
    }
    expect(mocks.dialogs.alerts).toEqual(Array(3).fill('Expense Added Successfully'));
    expect(post.calls.map((call) => [call.body?.amount, call.body?.description])).toEqual([
      [1250, 'diesel'],
      [99, 'toner'],
    ]);
    expect(withFiles.calls).toHaveLength(1);
  });

  it('offers Credit already chosen where it is the only choice', async () => {
    mockEndpoint(endpoints.listExpenseTypesForEntries, { users: [RENT] });
    render(<ExpensePage />);
    await screen.findByRole('option', { name: 'Rent' });
    expect(screen.getByLabelText('Credit/Debit')).toHaveValue('Credit');
  });

  it('lists the entries recorded today under the form, and asks again after a save', async () => {
    mockEndpoint(endpoints.listExpenseTypesForEntries, { users: [RENT] });
    mockEndpoint(endpoints.addExpense, { message: 'ok', entry: { ...ENTRY, kind: 'expense' } });
    mocks.justRecorded.answer({
      entries: [recordedRow(12, 12500.5, 2, 'November rent'), recordedRow(11, 40)],
    });
    render(<ExpensePage />);
    const section = await screen.findByRole('region', { name: 'Just recorded' });
    await within(section).findByText('#12');
    expect(
      within(section)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      'No.',
      'Date',
      'Expense Type',
      'Credit/Debit',
      'Amount',
      'Account',
      'Description',
      'Receipts',
      'Actions',
    ]);
    const lines = within(section)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(0, 8)
          .map((cell) => cell.textContent),
      );
    // The account each entry was booked to and its description, so a wrong one shows today.
    expect(lines).toEqual([
      [
        '#12',
        '2026-11-20',
        'Rent',
        'Credit',
        'RS: 12,500.50',
        'Meezan current',
        'November rent',
        '2',
      ],
      ['#11', '2026-11-20', 'Rent', 'Credit', 'RS: 40.00', 'Cash', '', '0'],
    ]);
    expect(mocks.justRecorded.calls[0]?.query).toEqual({ kind: 'expense' });
    expect(within(section).getByRole('button', { name: 'Correct entry #12' })).toBeInTheDocument();
    expect(
      within(section).getByRole('button', { name: 'Attach receipt to entry #12' }),
    ).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Expense Type'), 'Rent');
    await userEvent.type(screen.getByLabelText('Amount'), '5');
    await userEvent.click(screen.getByRole('button', { name: 'Add Expense' }));
    await waitFor(() => expect(mocks.justRecorded.calls).toHaveLength(2));
  });

  it('says "Nothing recorded" when nothing was recorded in the form today', async () => {
    mockEndpoint(endpoints.listExpenseTypesForEntries, { users: [RENT] });
    render(<ExpensePage />);
    expect(await screen.findByText('Nothing recorded in this form today.')).toBeInTheDocument();
  });

  it('confirms a save with a notice on the page when the preference is on, and no alert', async () => {
    mocks.preferences.answer({ confirmWithNotice: true });
    mockEndpoint(endpoints.listExpenseTypesForEntries, { users: [RENT] });
    mockEndpoint(endpoints.addExpense, {
      message: 'ok',
      entry: { ...ENTRY, id: 41, kind: 'expense', amount: 12500.5 },
    });
    render(<ExpensePage />);
    await screen.findByRole('option', { name: 'Rent' });
    await waitFor(() => expect(mocks.preferences.calls).toHaveLength(1));
    await userEvent.selectOptions(screen.getByLabelText('Expense Type'), 'Rent');
    await userEvent.type(screen.getByLabelText('Amount'), '12,500.50{Enter}');
    const notice = await screen.findByText('Expense Added Successfully. No. 41, RS: 12,500.50.');
    expect(notice).toHaveAttribute('aria-live', 'polite');
    expect(mocks.dialogs.alerts).toEqual([]);
    expect(screen.getByLabelText('Expense Type')).toHaveFocus();
  });

  it('says refusals and failures on the page too when the preference is on, and no alert', async () => {
    mocks.preferences.answer({ confirmWithNotice: true });
    mockEndpoint(endpoints.listExpenseTypesForEntries, { users: [RENT] });
    const post = mockEndpoint(
      endpoints.addExpense,
      failWith(409, 'This expense type is suspended'),
    );
    render(<ExpensePage />);
    await screen.findByRole('option', { name: 'Rent' });
    await waitFor(() => expect(mocks.preferences.calls).toHaveLength(1));
    const form = screen.getByRole('button', { name: 'Add Expense' });
    // Empty fields: named beside the button, and said on the page.
    await userEvent.selectOptions(screen.getByLabelText('Expense Type'), 'Rent');
    await userEvent.click(form);
    expect(screen.getByRole('alert')).toHaveTextContent(/^Please fill all fields$/);
    expect(screen.getByLabelText('Amount')).toHaveFocus();
    // A refused amount.
    await userEvent.type(screen.getByLabelText('Amount'), '12,50{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent(
      /^Enter a valid amount \(greater than 0, at most 2 decimals\)$/,
    );
    // The server's refusal.
    await userEvent.clear(screen.getByLabelText('Amount'));
    await userEvent.type(screen.getByLabelText('Amount'), '5{Enter}');
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(/^This expense type is suspended$/),
    );
    expect(post.calls).toHaveLength(1);
    expect(mocks.dialogs.alerts).toEqual([]);
    // A save then replaces the failure with its confirmation.
    post.answer({ message: 'ok', entry: { ...ENTRY, id: 42, kind: 'expense', amount: 5 } });
    await userEvent.type(screen.getByLabelText('Amount'), '{Enter}');
    await screen.findByText('Expense Added Successfully. No. 42, RS: 5.00.');
    expect(screen.getByRole('alert')).toHaveTextContent(/^$/);
    expect(mocks.dialogs.alerts).toEqual([]);
  });

  it('confirms a save with the spec alert when the preference is off, and leaves the notice empty', async () => {
    mockEndpoint(endpoints.listExpenseTypesForEntries, { users: [RENT] });
    mockEndpoint(endpoints.addExpense, { message: 'ok', entry: { ...ENTRY, kind: 'expense' } });
    render(<ExpensePage />);
    await screen.findByRole('option', { name: 'Rent' });
    await userEvent.selectOptions(screen.getByLabelText('Expense Type'), 'Rent');
    await userEvent.type(screen.getByLabelText('Amount'), '5{Enter}');
    await waitFor(() => expect(mocks.dialogs.alerts).toEqual(['Expense Added Successfully']));
    const notice = screen
      .getAllByRole('status')
      .find((region) => region.getAttribute('aria-live') === 'polite');
    expect(notice).toBeDefined();
    expect(notice?.textContent).toBe('');
  });

  it.each([
    ['12,500', 12500],
    ['12,500.50', 12500.5],
    ['1,234,567.05', 1234567.05],
  ])('reads %p typed with thousands separators and sends the plain number', async (typed, sent) => {
    mockEndpoint(endpoints.listExpenseTypesForEntries, { users: [RENT] });
    const post = mockEndpoint(endpoints.addExpense, RECORDED);
    render(<ExpensePage />);
    await screen.findByRole('option', { name: 'Rent' });
    await userEvent.selectOptions(screen.getByLabelText('Expense Type'), 'Rent');
    await userEvent.type(screen.getByLabelText('Amount'), typed);
    await userEvent.click(screen.getByRole('button', { name: 'Add Expense' }));
    await waitFor(() => expect(post.calls).toHaveLength(1));
    expect(post.calls[0]?.body).toMatchObject({ amount: sent });
  });

  it('marks the empty fields, names them beside the alert, and puts the keyboard on the first', async () => {
    mockEndpoint(endpoints.listClients, { users: [ACME] });
    render(<IncomePage />);
    await screen.findByRole('option', { name: 'Acme (Acme Ltd)' });
    await userEvent.click(screen.getByRole('button', { name: 'Add Income' }));
    expect(mocks.dialogs.alerts).toEqual(['Please fill all fields']);
    expect(screen.getByText('Empty: Client, Credit/Debit, Amount.')).toBeInTheDocument();
    const client = screen.getByLabelText('Client');
    expect(client).toHaveAttribute('aria-invalid', 'true');
    expect(client).toHaveAccessibleDescription('Choose the client');
    expect(client).toHaveFocus();
    expect(screen.getByLabelText('Amount')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Date')).not.toHaveAttribute('aria-invalid');
    expect(await axeViolations()).toEqual([]);
  });

  it('marks a refused amount with its message beside it', async () => {
    mockEndpoint(endpoints.listExpenseTypesForEntries, { users: [RENT] });
    render(<ExpensePage />);
    await screen.findByRole('option', { name: 'Rent' });
    await userEvent.selectOptions(screen.getByLabelText('Expense Type'), 'Rent');
    await userEvent.type(screen.getByLabelText('Amount'), '12,50{Enter}');
    const text = 'Enter a valid amount (greater than 0, at most 2 decimals)';
    expect(mocks.dialogs.alerts).toEqual([text]);
    expect(screen.getByLabelText('Amount')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Amount')).toHaveAccessibleDescription(text);
  });

  it('lists clients by name as "Name (Company)", and says what Credit and Debit mean', async () => {
    mockEndpoint(endpoints.listClients, { users: [ZED, ACME, BOB] });
    render(<IncomePage />);
    await screen.findByRole('option', { name: 'Acme (Acme Ltd)' });
    expect(comboboxOptions('Client')).toEqual([
      'Select client',
      'Acme (Acme Ltd)',
      'Bob (Bob & Sons)',
      'zed',
    ]);
    const choice = screen.getByRole('combobox', { name: 'Credit/Debit' });
    expect(choice).toHaveAccessibleDescription(
      'Debit: an invoice, the client owes. Credit: a payment received.',
    );
    expect(optionTexts(choice)).toEqual(['Select Credit/Debit', 'Credit', 'Debit']);
  });

  it('lists expense types and employees by name', async () => {
    mockEndpoint(endpoints.listExpenseTypesForEntries, {
      users: [
        { id: 4, expancetype: 'Water', status: 'Active' },
        { id: 5, expancetype: 'electricity', status: 'Active' },
        RENT,
      ],
    });
    render(<ExpensePage />);
    await screen.findByRole('option', { name: 'Rent' });
    expect(comboboxOptions('Expense Type')).toEqual([
      'Select expense type',
      'electricity',
      'Rent',
      'Water',
    ]);
  });

  it("shows the chosen client's balance beside the picker, exact to the cent", async () => {
    mockEndpoint(endpoints.listClients, { users: [ACME, BOB] });
    mockEndpoint(endpoints.getClientBalance, (call) => ({
      clientId: Number(call.params.id),
      balance: Number(call.params.id) === 3 ? 12500.1 : -0.3,
    }));
    render(<IncomePage />);
    await screen.findByRole('option', { name: 'Acme (Acme Ltd)' });
    await userEvent.selectOptions(screen.getByLabelText('Client'), 'Acme (Acme Ltd)');
    expect(await screen.findByText('Balance: RS: 12,500.10 (owes us)')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Client'), String(BOB.id));
    expect(await screen.findByText('Balance: RS: 0.30 (in credit)')).toBeInTheDocument();
  });
});
