// The Expances form and the month's budget of the chosen type (issue 34).
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ExpenseType } from 'contract/browser';
import { axeViolations, endpoints, mockEndpoint } from 'shared-ui/testing';
import { CASH, mockAccounts, mockOpenBooks, openScreenEachTest, renderAt } from '../testing';
import { toIsoDate } from 'shared-ui';
import { ExpensePage } from '../ExpensePage/ExpensePage';

const RENT: ExpenseType = { id: 1, expancetype: 'Rent', status: 'Active' };
const TRAVEL: ExpenseType = { id: 2, expancetype: 'Travel', status: 'Active' };
const TODAY = toIsoDate(new Date());
const MONTH = TODAY.slice(0, 7);
const ENTRY = {
  id: 9,
  kind: 'expense',
  partyId: 2,
  partyName: 'Travel',
  amount: 80,
  description: '',
  Creditdebit: 'Credit',
  date: TODAY,
  createdAt: `${TODAY}T10:00:00.000Z`,
  reversesId: null,
} as const;

const dialogs = openScreenEachTest('staff');

beforeEach(() => {
  mockOpenBooks();
  // The forms offer the money accounts (issue 33).
  mockAccounts([CASH]);
  mockEndpoint(endpoints.listExpenseTypesForEntries, { users: [RENT, TRAVEL] });
  mockEndpoint(endpoints.getPreferences, { confirmWithNotice: false });
  mockEndpoint(endpoints.listJustRecorded, { entries: [] });
});

const use = (id: number, budget: number | null, actual: number) => ({
  expenseTypeId: id,
  month: MONTH,
  budget,
  actual,
  percentUsed: budget ? Math.round((actual * 10000) / budget) / 100 : null,
  overBudget: budget !== null && actual > budget,
});

async function chooseType(name: string) {
  renderAt('/', <ExpensePage />);
  await screen.findByRole('option', { name });
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Expense Type' }), name);
}

describe("Expances form: this month's budget", () => {
  it('should say nothing of a budget before a type is chosen', async () => {
    const get = mockEndpoint(endpoints.getExpenseTypeBudget, use(1, 500, 100));
    renderAt('/', <ExpensePage />);
    await screen.findByRole('option', { name: 'Rent' });
    expect(get.calls).toHaveLength(0);
    expect(screen.queryByText(/budget/i)).not.toBeInTheDocument();
  });

  it("should show how much of the month's budget the chosen type has used", async () => {
    const get = mockEndpoint(endpoints.getExpenseTypeBudget, use(1, 500, 450));
    await chooseType('Rent');
    expect(
      await screen.findByText('Budget this month: RS: 450.00 of RS: 500.00 used (90.00%).'),
    ).toBeInTheDocument();
    expect(get.calls[0]!.params).toEqual({ id: '1' });
    expect(get.calls[0]!.query).toEqual({ month: MONTH });
  });

  it('should say so in words when the type is already over budget', async () => {
    mockEndpoint(endpoints.getExpenseTypeBudget, use(2, 100, 150));
    await chooseType('Travel');
    expect(
      await screen.findByText(
        'Over budget. Budget this month: RS: 150.00 of RS: 100.00 used (150.00%).',
      ),
    ).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it('should say when a type has no budget this month', async () => {
    mockEndpoint(endpoints.getExpenseTypeBudget, use(1, null, 40));
    await chooseType('Rent');
    expect(
      await screen.findByText('No budget is set for this type this month.'),
    ).toBeInTheDocument();
  });

  it("should save an entry that takes the type past its budget, the spec's notice followed by the budget's", async () => {
    mockEndpoint(endpoints.getExpenseTypeBudget, use(2, 100, 50));
    mockEndpoint(endpoints.addExpense, {
      message: 'ok',
      entry: ENTRY,
      budget: {
        month: MONTH,
        budget: 100,
        actual: 130,
        percentUsed: 130,
        wentOver: true,
        overBudget: true,
        notice: 'This expense takes the type past its budget for the month',
      },
    });
    await chooseType('Travel');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Credit/Debit' }), 'Credit');
    await userEvent.type(screen.getByLabelText('Amount'), '80');
    await userEvent.click(screen.getByRole('button', { name: 'Add Expense' }));
    await waitFor(() =>
      expect(dialogs.alerts).toEqual([
        'Expense Added Successfully\nThis expense takes the type past its budget for the month',
      ]),
    );
  });
});
