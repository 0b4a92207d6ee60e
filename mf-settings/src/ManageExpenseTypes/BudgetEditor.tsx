// Settings > Expenses, Budget column (issue 34): each type's budget for this month, and for admins
// an editor of one monthly amount or an amount for each month of a year.
import { useState } from 'react';
import { MONTH_NAMES, type ExpenseType } from 'contract/browser';
import {
  AmountField,
  Button,
  Modal,
  Select,
  endpoints,
  formatMoney,
  notify,
  plainAmount,
  useApiWrite,
  useIsAdmin,
} from 'shared-ui';

/** An amount typed (thousands separators read) as the plain number, or null if it is none. */
const amountOf = (text: string): number | null => {
  const plain = text.trim().startsWith('-') ? null : plainAmount(text);
  return plain === null ? null : Number(plain);
};

/** This month's budget of a type as the list shows it: blank without one. */
export const budgetText = (type: ExpenseType): string =>
  type.monthlyBudget === null || type.monthlyBudget === undefined
    ? ''
    : formatMoney(type.monthlyBudget);

/** The Budget cell: the amount, and for admins the button that edits it. */
export function BudgetCell({ type }: { type: ExpenseType }) {
  const isAdmin = useIsAdmin();
  const [open, setOpen] = useState(false);
  return (
    <div className="mf-settings__actions">
      <span>{budgetText(type)}</span>
      {isAdmin && (
        <Button
          variant="secondary"
          aria-label={`Set budget of ${type.expancetype}`}
          onClick={() => setOpen(true)}
        >
          Set budget
        </Button>
      )}
      {open && <BudgetEditor type={type} onClose={() => setOpen(false)} />}
    </div>
  );
}

interface BudgetEditorProps {
  type: ExpenseType;
  onClose: () => void;
}

/** One monthly amount, or twelve for a year; an empty monthly amount removes the budget. */
export function BudgetEditor({ type, onClose }: BudgetEditorProps) {
  const save = useApiWrite(endpoints.setExpenseTypeBudget, {
    success: (answer) => answer.message,
    onSuccess: onClose,
  });
  const [mode, setMode] = useState<'monthly' | 'year'>('monthly');
  const [monthly, setMonthly] = useState(
    type.monthlyBudget === null || type.monthlyBudget === undefined
      ? ''
      : String(type.monthlyBudget),
  );
  const [year, setYear] = useState(String(new Date().getFullYear()));
  const [months, setMonths] = useState<string[]>(() => Array.from({ length: 12 }, () => ''));

  const onSave = async () => {
    const amounts = mode === 'monthly' ? [monthly] : months;
    if (amounts.some((amount) => amount.trim() !== '' && amountOf(amount) === null)) {
      notify('Enter each amount as a number with at most 2 decimals');
      return;
    }
    const body =
      mode === 'monthly'
        ? { monthly: monthly.trim() === '' ? null : amountOf(monthly) }
        : { year: Number(year), months: months.map((amount) => amountOf(amount) ?? 0) };
    await save.run({ params: { id: type.id }, body });
  };

  const thisYear = new Date().getFullYear();
  return (
    <Modal
      open
      title={`Budget of ${type.expancetype}`}
      onClose={onClose}
      closeDisabled={save.isPending}
      actions={
        <Button busy={save.isPending} busyLabel="Saving..." onClick={() => void onSave()}>
          Save budget
        </Button>
      }
    >
      <Select
        label="Budget for"
        name="budgetMode"
        value={mode}
        onChange={(value) => setMode(value as 'monthly' | 'year')}
        options={[
          { value: 'monthly', label: 'Every month' },
          { value: 'year', label: 'Each month of a year' },
        ]}
      />
      {mode === 'monthly' ? (
        <AmountField label="Monthly budget" name="monthly" value={monthly} onChange={setMonthly} />
      ) : (
        <>
          <Select
            label="Year"
            name="year"
            value={year}
            onChange={setYear}
            options={[thisYear - 1, thisYear, thisYear + 1].map((option) => ({
              value: String(option),
              label: String(option),
            }))}
          />
          <div className="mf-settings__budget-months">
            {MONTH_NAMES.map((name, index) => (
              <AmountField
                key={name}
                label={name}
                name={`month${index + 1}`}
                value={months[index] ?? ''}
                onChange={(value) =>
                  setMonths((all) => all.map((amount, at) => (at === index ? value : amount)))
                }
              />
            ))}
          </div>
        </>
      )}
    </Modal>
  );
}
