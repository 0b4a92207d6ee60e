import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ExpenseType } from 'contract/browser';
import {
  axeViolations,
  collectDialogs,
  endpoints,
  mockCurrentUser,
  mockEndpoint,
  render,
  type Dialogs,
} from 'shared-ui/testing';
import { ManageExpenseTypes } from './ManageExpenseTypes';

const RENT: ExpenseType = { id: 1, expancetype: 'Rent', status: 'Active', monthlyBudget: 1200 };
const FUEL: ExpenseType = { id: 2, expancetype: 'Fuel', status: 'Active', monthlyBudget: null };
const SAVED = {
  message: 'Budget saved',
  budget: { expenseTypeId: 1, monthly: 1500, years: [] },
};

let dialogs: Dialogs;

beforeEach(() => {
  dialogs = collectDialogs();
  mockEndpoint(endpoints.listExpenseTypes, { users: [RENT, FUEL] });
});

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

describe('ManageExpenseTypes: Budget', () => {
  it("should show each type's budget for this month, blank without one, and no editor to staff", async () => {
    mockCurrentUser('staff');
    render(<ManageExpenseTypes />);
    await screen.findByRole('cell', { name: 'Rent' });
    expect(screen.getByRole('columnheader', { name: 'Budget' })).toBeInTheDocument();
    expect(rowOf('Rent')).toHaveTextContent('1,200.00');
    expect(within(rowOf('Fuel')).getAllByRole('cell')[3]).toHaveTextContent(/^$/);
    expect(screen.queryByRole('button', { name: /Set budget/ })).not.toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it('should let an admin set one monthly amount', async () => {
    mockCurrentUser('admin');
    const save = mockEndpoint(endpoints.setExpenseTypeBudget, SAVED);
    render(<ManageExpenseTypes />);
    await userEvent.click(await screen.findByRole('button', { name: 'Set budget of Rent' }));
    const dialog = screen.getByRole('dialog', { name: 'Budget of Rent' });
    const amount = within(dialog).getByLabelText('Monthly budget');
    expect(amount).toHaveValue('1,200.00');
    await userEvent.clear(amount);
    await userEvent.type(amount, '1500');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save budget' }));
    await waitFor(() => expect(save.calls).toHaveLength(1));
    expect(save.calls[0]!.params).toEqual({ id: '1' });
    expect(save.calls[0]!.body).toEqual({ monthly: 1500 });
    await waitFor(() => expect(dialogs.alerts).toEqual(['Budget saved']));
  });

  it('should show "1234567.5" typed as "1,234,567.50" and save the amount exact', async () => {
    mockCurrentUser('admin');
    const save = mockEndpoint(endpoints.setExpenseTypeBudget, SAVED);
    render(<ManageExpenseTypes />);
    await userEvent.click(await screen.findByRole('button', { name: 'Set budget of Fuel' }));
    const dialog = screen.getByRole('dialog', { name: 'Budget of Fuel' });
    const amount = within(dialog).getByLabelText('Monthly budget');
    await userEvent.type(amount, '1234567.5');
    await userEvent.tab();
    expect(amount).toHaveValue('1,234,567.50');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save budget' }));
    await waitFor(() => expect(save.calls).toHaveLength(1));
    expect(save.calls[0]!.body).toEqual({ monthly: 1234567.5 });
  });

  it('should let an admin set an amount for each month of a year', async () => {
    mockCurrentUser('admin');
    const save = mockEndpoint(endpoints.setExpenseTypeBudget, SAVED);
    render(<ManageExpenseTypes />);
    await userEvent.click(await screen.findByRole('button', { name: 'Set budget of Fuel' }));
    const dialog = screen.getByRole('dialog', { name: 'Budget of Fuel' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Budget for'), 'year');
    const year = new Date().getFullYear();
    await userEvent.selectOptions(within(dialog).getByLabelText('Year'), String(year));
    await userEvent.type(within(dialog).getByLabelText('January'), '100');
    await userEvent.type(within(dialog).getByLabelText('December'), '250.5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save budget' }));
    await waitFor(() => expect(save.calls).toHaveLength(1));
    expect(save.calls[0]!.body).toEqual({
      year,
      months: [100, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 250.5],
    });
  });

  it('should refuse an amount that is not money, without a call', async () => {
    mockCurrentUser('admin');
    const save = mockEndpoint(endpoints.setExpenseTypeBudget, SAVED);
    render(<ManageExpenseTypes />);
    await userEvent.click(await screen.findByRole('button', { name: 'Set budget of Fuel' }));
    const dialog = screen.getByRole('dialog', { name: 'Budget of Fuel' });
    await userEvent.type(within(dialog).getByLabelText('Monthly budget'), '12.345');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save budget' }));
    expect(dialogs.alerts).toEqual(['Enter each amount as a number with at most 2 decimals']);
    expect(save.calls).toHaveLength(0);
  });
});
