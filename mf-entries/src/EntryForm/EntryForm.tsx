import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { messages } from 'contract';
import { Button, Select, TextField, call, errorMessage, notify } from 'shared-ui';
import type { EntryInput, EntryKind, Party } from '../entry-kinds';
import { parseAmount } from './amount';
import { useIdempotencyKey } from './useIdempotencyKey';
import './EntryForm.css';

export interface EntryFormProps {
  kind: EntryKind;
}

/** What the user has typed or chosen; select values are strings until validated. */
interface Draft {
  partyId: string;
  creditDebit: string;
  amount: string;
  description: string;
}

const EMPTY: Draft = { partyId: '', creditDebit: '', amount: '', description: '' };

/** The Income, Expances and Salary screens: one form, configured by the kind of entry. */
export function EntryForm({ kind }: EntryFormProps) {
  const [parties, setParties] = useState<Party[]>([]);
  const [loading, setLoading] = useState(true);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [submitting, setSubmitting] = useState(false);
  // State alone is not enough against a double click: both clicks can be handled before the
  // disabled button is rendered.
  const inFlight = useRef(false);
  const idempotency = useIdempotencyKey();

  useEffect(() => {
    // Ignore a superseded load (StrictMode's second mount, a kind change) so it neither
    // overwrites the list nor alerts twice.
    let current = true;
    setLoading(true);
    kind.parties
      .load()
      .then(
        (list) => current && setParties(list),
        (error: unknown) =>
          current && notify(errorMessage(error, kind.parties.endpoint.texts.error)),
      )
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [kind]);

  const change = (field: keyof Draft) => (value: string) =>
    setDraft((previous) => ({ ...previous, [field]: value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current) return;
    const party = parties.find((candidate) => String(candidate.id) === draft.partyId);
    const creditDebit = kind.creditDebit.find((value) => value === draft.creditDebit);
    if (!party || !creditDebit || draft.amount.trim() === '') {
      notify(messages.fillAllFields);
      return;
    }
    const amount = parseAmount(draft.amount);
    if (amount === undefined) {
      notify(messages.invalidAmount);
      return;
    }
    const entry: EntryInput = {
      party,
      amount,
      description: draft.description.trim(),
      Creditdebit: creditDebit,
    };
    const key = idempotency.keyFor(JSON.stringify(entry));

    inFlight.current = true;
    setSubmitting(true);
    try {
      // The server answers a repeated Idempotency-Key with the entry it already recorded, so a
      // retry after a lost answer cannot record the money twice.
      await call(
        kind.post.endpoint,
        { body: kind.post.toBody(entry) },
        { headers: { 'Idempotency-Key': key } },
      );
      idempotency.renew();
      setDraft(EMPTY);
      notify(kind.added);
    } catch (error) {
      // The key is kept: submitting the same content again is a retry, never a second entry.
      notify(errorMessage(error, kind.post.endpoint.texts.error));
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  };

  return (
    <div>
      <h1 className="ofs-page-title">{kind.title}</h1>
      <form className="ofs-card mf-entries__form" onSubmit={onSubmit} noValidate>
        <Select
          label={kind.partyLabel}
          name="party"
          value={draft.partyId}
          onChange={change('partyId')}
          placeholder={loading ? messages.loading : kind.partyPlaceholder}
          options={parties.map((party) => ({ value: String(party.id), label: party.name }))}
        />
        <Select
          label="Credit/Debit"
          name="Creditdebit"
          value={draft.creditDebit}
          onChange={change('creditDebit')}
          placeholder="Select Credit/Debit"
          options={kind.creditDebit.map((value) => ({ value, label: value }))}
        />
        <TextField
          label="Amount"
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          value={draft.amount}
          onChange={change('amount')}
        />
        <TextField
          label="Description (optional)"
          name="description"
          maxLength={500}
          value={draft.description}
          onChange={change('description')}
        />
        <div className="mf-entries__actions">
          <Button type="submit" busy={submitting} busyLabel={messages.adding}>
            {kind.title}
          </Button>
        </div>
      </form>
    </div>
  );
}
