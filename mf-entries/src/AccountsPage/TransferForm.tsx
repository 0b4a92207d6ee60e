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
import { useDraft } from '../useDraft';
import { ActionForm } from '../ActionForm';

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
  const { draft: form, setDraft: setForm, bind } = useDraft(empty);
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
    <ActionForm className="mf-accounts__form" label="Transfer" onSubmit={submit}>
      <h2>Transfer</h2>
      <Select label="From" {...bind('from')} placeholder="Select" options={options} />
      <Select label="To" {...bind('to')} placeholder="Select" options={options} />
      <TextField label="Amount" inputMode="decimal" {...bind('amount')} />
      <DateInput label="Date" {...bind('date')} />
      <TextField label="Description" {...bind('description')} />
      <Button type="submit" busy={transfer.isPending} busyLabel="Saving...">
        Transfer
      </Button>
    </ActionForm>
  );
}
