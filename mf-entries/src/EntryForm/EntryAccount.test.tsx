// The Account field of the entry forms (issues 33 and 42): with the amount and before the
// button, remembered per party (an expense type) and per user.
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ExpenseType } from 'contract/browser';
import { queryClient } from 'shared-ui';
import { endpoints, mockEndpoint } from 'shared-ui/testing';
import { BANK, CASH, mockAccounts, optionTexts } from '../testing';
import { ExpensePage } from '../ExpensePage/ExpensePage';
import {
  CASES,
  RECORDED,
  RENT,
  answerCase,
  creditToday,
  mockEntryScreens,
  render,
} from './entry-screens.fixtures';

const mocks = mockEntryScreens();
const OFFICE: ExpenseType = { id: 3, expancetype: 'Office supplies', status: 'Active' };

describe.each(CASES)('$screen form: Account', (c) => {
  const { post } = answerCase(c);

  const fillCredit = async () => {
    render(<c.Page />);
    await screen.findByRole('option', { name: c.option });
    await userEvent.selectOptions(screen.getByLabelText(c.picker), c.option);
    await userEvent.selectOptions(screen.getByLabelText('Credit/Debit'), 'Credit');
    await userEvent.type(screen.getByLabelText('Amount'), '250');
  };

  it('should preselect the default account and send the one chosen as accountId', async () => {
    await fillCredit();
    const account = await screen.findByRole('combobox', { name: 'Account' });
    expect(account).toHaveValue('1');
    expect(optionTexts(account)).toEqual(['Cash', 'Meezan current']);
    await userEvent.selectOptions(account, 'Meezan current');
    await userEvent.click(screen.getByRole('button', { name: c.title }));
    await waitFor(() => expect(mocks.dialogs.alerts).toEqual([c.added]));
    expect(post.calls[0]?.body).toEqual(creditToday(c, { amount: 250, accountId: 2 }));
    // The account stays chosen for the next entry, as the party and the date do.
    expect(screen.getByRole('combobox', { name: 'Account' })).toHaveValue('2');
  });

  it('should leave accountId out when the default account is kept (the server books it there)', async () => {
    await fillCredit();
    expect(await screen.findByRole('combobox', { name: 'Account' })).toHaveValue('1');
    await userEvent.click(screen.getByRole('button', { name: c.title }));
    await waitFor(() => expect(mocks.dialogs.alerts).toEqual([c.added]));
    expect(post.calls[0]?.body).not.toHaveProperty('accountId');
  });

  it('should put Account with the amount, before the button, on screen and in the tab order', async () => {
    await fillCredit();
    const account = await screen.findByRole('combobox', { name: 'Account' });
    const button = screen.getByRole('button', { name: c.title });
    expect(account.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // The keyboard from the first field to the button: Account comes right after Amount.
    act(() => screen.getByLabelText(c.picker).focus());
    const order: string[] = [];
    for (let step = 0; step < 12 && document.activeElement !== button; step += 1) {
      const active = document.activeElement as HTMLElement;
      order.push(active.getAttribute('name') ?? active.textContent ?? '');
      await userEvent.tab();
    }
    expect(document.activeElement).toBe(button);
    expect(order.slice(0, 4)).toEqual(['party', 'Creditdebit', 'amount', 'accountId']);
  });

  it('should save to the account chosen when Enter is pressed in the amount', async () => {
    await fillCredit();
    await userEvent.selectOptions(
      await screen.findByRole('combobox', { name: 'Account' }),
      'Meezan current',
    );
    await userEvent.type(screen.getByLabelText('Amount'), '{Enter}');
    await waitFor(() => expect(mocks.dialogs.alerts).toEqual([c.added]));
    expect(post.calls[0]?.body).toMatchObject({ amount: 250, accountId: 2 });
  });

  it('should show no Account while the Cash account is the only one (there is nothing to choose)', async () => {
    mockAccounts([CASH]);
    await fillCredit();
    await userEvent.click(screen.getByRole('button', { name: c.title }));
    await waitFor(() => expect(mocks.dialogs.alerts).toEqual([c.added]));
    expect(screen.queryByRole('combobox', { name: 'Account' })).not.toBeInTheDocument();
    expect(post.calls[0]?.body).not.toHaveProperty('accountId');
  });

  if (c.creditDebit.includes('Debit'))
    it('should show no Account for a Debit (an invoice moves no money)', async () => {
      render(<c.Page />);
      await screen.findByRole('option', { name: c.option });
      expect(await screen.findByRole('combobox', { name: 'Account' })).toBeInTheDocument();
      await userEvent.selectOptions(screen.getByLabelText('Credit/Debit'), 'Debit');
      expect(screen.queryByRole('combobox', { name: 'Account' })).not.toBeInTheDocument();
    });
});

describe('Expances form: the account remembered per expense type and per user', () => {
  beforeEach(() => {
    mockEndpoint(endpoints.listExpenseTypesForEntries, { users: [RENT, OFFICE] });
    mockEndpoint(endpoints.addExpense, RECORDED);
  });

  const account = () => screen.getByRole('combobox', { name: 'Account' });
  const choose = async (type: string) => {
    await userEvent.selectOptions(screen.getByLabelText('Expense Type'), type);
    return account();
  };
  /** A page load by this user: the page's cache starts empty, as after a sign-in. */
  const pageFor = async (user: { id: number; name: string }) => {
    queryClient.clear();
    mockEndpoint(endpoints.getCurrentUser, {
      user: { ...user, email: `${user.name}@test.local`, role: 'staff' },
    });
    const page = render(<ExpensePage />);
    await screen.findByRole('option', { name: 'Office supplies' });
    await screen.findByRole('combobox', { name: 'Account' });
    return page;
  };

  it('brings back the account last used for the type, for the same user only', async () => {
    const first = await pageFor({ id: 1, name: 'amina' });
    await userEvent.selectOptions(await choose('Rent'), 'Meezan current');
    await userEvent.type(screen.getByLabelText('Amount'), '45000');
    await userEvent.click(screen.getByRole('button', { name: 'Add Expense' }));
    await waitFor(() => expect(mocks.dialogs.alerts).toEqual(['Expense Added Successfully']));
    // Another type keeps the default account; back on Rent, the bank again.
    expect(await choose('Office supplies')).toHaveValue('1');
    expect(await choose('Rent')).toHaveValue('2');
    first.unmount();

    // The next day, the same user: Rent opens on the bank.
    await pageFor({ id: 1, name: 'amina' });
    expect(await choose('Rent')).toHaveValue('2');
  });

  it('keeps each user’s choice apart, and forgets an account that is gone', async () => {
    await pageFor({ id: 1, name: 'amina' });
    await userEvent.selectOptions(await choose('Rent'), 'Meezan current');
    cleanup();

    await pageFor({ id: 2, name: 'bilal' });
    expect(await choose('Rent')).toHaveValue('1');
    cleanup();

    mockEndpoint(endpoints.listAccounts, { accounts: [CASH, { ...BANK, id: 3 }] });
    await pageFor({ id: 1, name: 'amina' });
    expect(await choose('Rent')).toHaveValue('1');
  });
});
