import { REPEATS, type EntryKind, type Repeats } from 'contract/browser';
import { Button, DateInput, Select, TextField, messages, notify, toIsoDate } from 'shared-ui';
import { parseAmount } from '../EntryForm/amount';
import { AccountPicker, accountIdOf } from '../EntryForm/AccountPicker';
import { KINDS, onlyCreditDebit } from '../entry-kinds';
import { EntryFields, usePartyOptions } from '../EntryFields';
import type { Recurring } from './useRecurring';
import { useDraft } from '../useDraft';
import { ActionForm } from '../ActionForm';

const REPEAT_OPTIONS = REPEATS.map((repeats) => ({ value: repeats, label: repeats }));

const empty = () => ({
  kind: 'expense' as EntryKind,
  partyId: '',
  creditDebit: 'Credit',
  amount: '',
  description: '',
  repeats: 'monthly' as Repeats,
  starts: toIsoDate(new Date()),
  ends: '',
  accountId: '',
});

export interface ScheduleFormProps {
  recurring: Recurring;
}

/** Add schedule: what the repeating entry posts, how often, from when and until when. */
export function ScheduleForm({ recurring }: ScheduleFormProps) {
  const { draft: form, setDraft: setForm, set, bind } = useDraft(empty);
  const { options } = usePartyOptions(form.kind);

  const submit = async () => {
    const amount = parseAmount(form.amount);
    if (!form.partyId || !form.starts) return notify(messages.fillAllFields);
    if (amount === undefined) return notify(messages.invalidAmount);
    const saved = await recurring.addSchedule({
      kind: form.kind,
      partyId: Number(form.partyId),
      creditDebit: form.creditDebit === 'Debit' ? 'Debit' : 'Credit',
      amount,
      description: form.description.trim(),
      repeats: form.repeats,
      starts: form.starts,
      ...(form.ends ? { ends: form.ends } : {}),
      ...accountIdOf(form.creditDebit, form.accountId),
    });
    if (saved) setForm(empty());
  };

  return (
    <ActionForm className="mf-recurring__form" label="Add schedule" onSubmit={submit}>
      <EntryFields
        kind={KINDS[form.kind]}
        kindPicker={{
          name: 'kind',
          onChange: (kind) => {
            // A kind paid out has its one Credit/Debit value; income keeps the one chosen.
            const only = onlyCreditDebit(KINDS[kind]);
            set({ kind, partyId: '', ...(only ? { creditDebit: only } : {}) });
          },
        }}
        party={{
          name: 'partyId',
          value: form.partyId,
          placeholder: 'Select',
          options,
          onChange: (partyId) => set({ partyId }),
        }}
        creditDebit={{
          name: 'creditDebit',
          value: form.creditDebit,
          onChange: (creditDebit) => set({ creditDebit }),
        }}
      />
      {form.creditDebit !== 'Debit' && <AccountPicker {...bind('accountId')} />}
      <TextField label="Amount" name="amount" inputMode="decimal" {...bind('amount')} />
      <TextField label="Description" name="description" {...bind('description')} />
      <Select
        label="Repeats"
        name="repeats"
        value={form.repeats}
        options={REPEAT_OPTIONS}
        onChange={(repeats) => set({ repeats: repeats as Repeats })}
      />
      <DateInput label="Starts" name="starts" {...bind('starts')} />
      <DateInput label="Ends" name="ends" {...bind('ends')} />
      <Button type="submit" busy={recurring.adding} busyLabel="Saving...">
        Add schedule
      </Button>
    </ActionForm>
  );
}
