import { useState } from 'react';
import {
  Button,
  DateInput,
  Select,
  TextField,
  endpoints,
  messages,
  notify,
  toIsoDate,
  useApiWrite,
} from 'shared-ui';
import { parseAmount } from '../EntryForm/amount';
import { useAccountOptions } from './useAccountOptions';

const empty = () => ({
  from: '',
  to: '',
  amount: '',
  date: toIsoDate(new Date()),
  description: '',
});

/** Transfer: money moved between two accounts (cash deposited, petty cash withdrawn). */
export function TransferForm() {
  const { options } = useAccountOptions();
  const [form, setForm] = useState(empty);
  const set = (next: Partial<ReturnType<typeof empty>>) => setForm((all) => ({ ...all, ...next }));
  const transfer = useApiWrite(endpoints.createTransfer, {
    success: (answer) => answer.message,
  });

  const submit = async () => {
    const amount = parseAmount(form.amount);
    if (!form.from || !form.to || !form.date) return notify(messages.fillAllFields);
    if (amount === undefined) return notify(messages.invalidAmount);
    const outcome = await transfer.run({
      body: {
        fromAccountId: Number(form.from),
        toAccountId: Number(form.to),
        amount,
        date: form.date,
        description: form.description.trim(),
      },
    });
    if (outcome.ok) setForm(empty());
  };

  return (
    <form
      className="mf-accounts__form"
      aria-label="Transfer"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2>Transfer</h2>
      <Select
        label="From"
        value={form.from}
        placeholder="Select"
        options={options}
        onChange={(from) => set({ from })}
      />
      <Select
        label="To"
        value={form.to}
        placeholder="Select"
        options={options}
        onChange={(to) => set({ to })}
      />
      <TextField
        label="Amount"
        inputMode="decimal"
        value={form.amount}
        onChange={(amount) => set({ amount })}
      />
      <DateInput label="Date" value={form.date} onChange={(date) => set({ date })} />
      <TextField
        label="Description"
        value={form.description}
        onChange={(description) => set({ description })}
      />
      <Button type="submit" busy={transfer.isPending} busyLabel="Saving...">
        Transfer
      </Button>
    </form>
  );
}
