// The Journal's Correct: one dialog with the entry's fields to change and the reason, saved by one
// press in one call (POST /api/journal/:id/correct) that writes the entry's reversal and the
// corrected entry together, or neither; the receipts go with the corrected entry. Closing the
// dialog, or leaving the page with it open, writes nothing.
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import {
  CORRECTION_CHANGES_NOTHING,
  type CorrectBody,
  type JournalEntryRow,
} from 'contract/browser';
import {
  AmountField,
  Button,
  DateInput,
  Modal,
  TextField,
  endpoints,
  formatRs,
  messages,
  useApiWrite,
} from 'shared-ui';
import { parseAmount } from '../EntryForm/amount';
import { useIdempotencyKey } from '../EntryForm/useIdempotencyKey';
import { AccountPicker } from '../EntryForm/AccountPicker';
import { KINDS, onlyCreditDebit } from '../entry-kinds';
import { EntryFields, usePartyOptions } from '../EntryFields';
import { fieldOf } from '../useDraft';
import './CorrectDialog.css';

interface Draft {
  reason: string;
  amount: string;
  date: string;
  description: string;
  partyId: string;
  Creditdebit: string;
  /** The money account chosen; empty: the entry's own, or the default for an invoice paid. */
  accountId: string;
}

const draftOf = (row: JournalEntryRow): Draft => ({
  reason: '',
  amount: row.amount.toFixed(2),
  date: row.date,
  description: row.description,
  partyId: String(row.partyId),
  Creditdebit: row.Creditdebit,
  accountId: row.accountId == null ? '' : String(row.accountId),
});

/**
 * The body of the correction: the reason and the fields that differ from the entry (one left out
 * keeps the entry's value), or the text that says why it cannot be sent.
 */
export function correctionOf(row: JournalEntryRow, draft: Draft): CorrectBody | string {
  const reason = draft.reason.trim();
  if (reason === '') return 'Please enter a reason';
  if (draft.amount.trim() === '' || draft.date === '') return messages.fillAllFields;
  const amount = parseAmount(draft.amount);
  if (amount === undefined) return messages.invalidAmount;
  const body: CorrectBody = { reason };
  if (amount !== row.amount) body.amount = amount;
  if (draft.date !== row.date) body.date = draft.date;
  if (draft.description.trim() !== row.description) body.description = draft.description.trim();
  if (draft.partyId !== String(row.partyId)) body.partyId = Number(draft.partyId);
  if (draft.Creditdebit !== row.Creditdebit && !onlyCreditDebit(KINDS[row.kind]))
    body.Creditdebit = draft.Creditdebit as CorrectBody['Creditdebit'];
  // Only money moved (Credit) has an account; an invoice's is never sent.
  if (
    draft.Creditdebit === 'Credit' &&
    draft.accountId !== '' &&
    draft.accountId !== String(row.accountId ?? '')
  )
    body.accountId = Number(draft.accountId);
  return Object.keys(body).length === 1 ? CORRECTION_CHANGES_NOTHING : body;
}

export interface CorrectDialogProps {
  /** The entry to correct; undefined keeps the dialog closed. */
  row: JournalEntryRow | undefined;
  onClose: () => void;
}

/**
 * Corrects one entry: the dialog, and after a correction a line that says what was written (the
 * reversal's number and the corrected entry's), in place of an alert.
 */
export function CorrectDialog({ row, onClose }: CorrectDialogProps) {
  const formId = useId();
  const [draft, setDraft] = useState<Draft | undefined>();
  const [draftFor, setDraftFor] = useState<JournalEntryRow | undefined>();
  const [error, setError] = useState('');
  /** What the last correction wrote, and how many were made (each moves focus to the line). */
  const [done, setDone] = useState({ text: '', count: 0 });
  const doneLine = useRef<HTMLParagraphElement>(null);
  // The row's Correct button is gone once the journal shows the correction: focus goes to the
  // line that says what was written, not to the page.
  useEffect(() => {
    if (done.count > 0) doneLine.current?.focus();
  }, [done.count]);
  const idempotency = useIdempotencyKey();
  // The mutation's state is not enough against a double press: both presses can be handled
  // before the disabled button is rendered.
  const inFlight = useRef(false);
  // A new entry starts from its own values, an empty reason and a new submission key.
  if (draftFor !== row) {
    setDraftFor(row);
    setDraft(row && draftOf(row));
    setError('');
    idempotency.renew();
  }

  const kind = row?.kind ?? 'income';
  const listed = usePartyOptions(kind, row !== undefined).options;
  // The entry's own party is offered even when the list does not hold it (yet).
  const partyOptions =
    row && !listed.some((option) => option.value === String(row.partyId))
      ? [{ value: String(row.partyId), label: row.partyName }, ...listed]
      : listed;

  const correct = useApiWrite(endpoints.correctEntry, {
    onFailure: setError,
    onSuccess: (answer) => {
      setDone((previous) => ({ text: answer.message, count: previous.count + 1 }));
      onClose();
    },
  });

  const change = (field: keyof Draft) => (value: string) =>
    setDraft((previous) => previous && { ...previous, [field]: value });
  const field = draft && fieldOf(draft, change);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!row || !draft || inFlight.current) return;
    const body = correctionOf(row, draft);
    if (typeof body === 'string') {
      setError(body);
      return;
    }
    setError('');
    inFlight.current = true;
    try {
      await correct.run({
        params: { id: row.id },
        body,
        headers: { 'Idempotency-Key': idempotency.keyFor(JSON.stringify([row.id, body])) },
      });
    } finally {
      inFlight.current = false;
    }
  };

  return (
    <>
      <p className="mf-journal__corrected" role="status" tabIndex={-1} ref={doneLine}>
        {done.text}
      </p>
      <Modal
        open={row !== undefined && draft !== undefined}
        title={row ? `Correct entry #${row.id}` : 'Correct entry'}
        onClose={onClose}
        closeDisabled={correct.isPending}
        actions={
          <Button type="submit" form={formId} busy={correct.isPending} busyLabel="Saving...">
            Save correction
          </Button>
        }
      >
        {row && draft && field && (
          <form id={formId} className="mf-correct" onSubmit={(event) => void onSubmit(event)}>
            <p className="mf-correct__about">
              {`${KINDS[row.kind].label}, ${row.partyName}, ${row.Creditdebit} ` +
                `${formatRs(row.amount)} on ${row.date}. Saving reverses it and records it ` +
                'again with the values below, both at once; its receipts go with it.'}
            </p>
            <TextField label="Reason" maxLength={500} {...field('reason')} data-autofocus />
            <AmountField label="Amount" {...field('amount')} />
            <DateInput label="Date" {...field('date')} />
            <TextField label="Description" maxLength={500} {...field('description')} />
            <EntryFields
              kind={KINDS[row.kind]}
              party={{
                name: 'partyId',
                value: draft.partyId,
                onChange: change('partyId'),
                options: partyOptions,
              }}
              creditDebit={{
                name: 'Creditdebit',
                value: draft.Creditdebit,
                onChange: change('Creditdebit'),
                onlyWithChoice: true,
              }}
            />
            {draft.Creditdebit === 'Credit' && (
              <AccountPicker value={draft.accountId} onChange={change('accountId')} keepDefault />
            )}
            {error && (
              <p className="mf-correct__error" role="alert">
                {error}
              </p>
            )}
          </form>
        )}
      </Modal>
    </>
  );
}
