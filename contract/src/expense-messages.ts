// The catalogue's texts of expense types and the entry forms (docs/product.md#messages).
// Pure data: messages.ts assembles the catalogue from these, in its order.

export const expenseTypeMessages = {
  // Expense types (Settings)
  enterExpenseType: 'Enter expense type',
  enterAValue: 'Enter a value',
  expenseTypeAdded: 'Expense added successfully!',
  expenseTypeUpdated: 'Expense updated successfully!',
  failedFetchExpenseTypes: 'Failed to fetch expense types',
  failedAddExpenseType: 'Failed to add expense',
  failedUpdateExpenseType: 'Failed to update expense',
  failedDeleteExpenseType: 'Failed to delete expense',
  failedUpdateStatus: 'Failed to update status',
  errorFetchingExpenseTypes: 'Error fetching expense types',
  errorAddingExpenseType: 'Error adding expense',
  errorUpdatingExpenseType: 'Error updating expense',
  errorDeletingExpenseType: 'Error deleting expense',
  errorUpdatingStatus: 'Error updating status',
  confirmDeleteExpenseType: 'Are you sure you want to delete this expense?',
  confirmSuspendExpenseType: 'Are you sure you want to suspend this expense?',
  confirmActivateExpenseType: 'Are you sure you want to activate this expense?',
} as const;

export const entryMessages = {
  // Entry forms
  expenseEntryAdded: 'Expense Added Successfully',
  incomeEntryAdded: 'Income Added Successfully',
  salaryEntryAdded: 'Salary Added Successfully',
  failedAddExpenseEntry: 'Failed to add Expense',
  failedAddIncomeEntry: 'Failed to add income',
  failedAddSalaryEntry: 'Failed to add Salary',
  errorSubmittingExpense: 'Error submitting Expense',
  errorSubmittingIncome: 'Error submitting income',
  errorSubmittingSalary: 'Error submitting Salary',
  // Not in the spec, which only says the amount is numeric: the rule of docs/architecture.md#domain-rules, said plainly.
  invalidAmount: 'Enter a valid amount (greater than 0, at most 2 decimals)',
} as const;
