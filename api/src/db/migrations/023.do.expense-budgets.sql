-- Budgets per expense type (issue 34). A row with no month is the amount for every month; a row
-- with a month (its first day) is that month's amount and takes the place of the other. A month
-- with neither has no budget.
CREATE TABLE expense_budgets (
  id              SERIAL PRIMARY KEY,
  expense_type_id INTEGER NOT NULL REFERENCES expense_types (id) ON DELETE CASCADE,
  month           DATE CHECK (month IS NULL OR extract(day FROM month) = 1),
  amount          NUMERIC(14, 2) NOT NULL CHECK (amount >= 0)
);
CREATE UNIQUE INDEX expense_budgets_monthly_key ON expense_budgets (expense_type_id)
  WHERE month IS NULL;
CREATE UNIQUE INDEX expense_budgets_month_key ON expense_budgets (expense_type_id, month)
  WHERE month IS NOT NULL;
