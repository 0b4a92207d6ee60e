import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { messages, readQuery } from 'contract';
import {
  Button,
  DateInput,
  LoadingScreen,
  Select,
  TextField,
  call,
  errorMessage,
  notify,
  toIsoDate,
  useCanWrite,
} from 'shared-ui';
import { BooksClosed } from '../BooksClosed';
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
  /** YYYY-MM-DD, today unless changed. */
  date: string;
}

const empty = (): Draft => ({
  partyId: '',
  creditDebit: '',
  amount: '',
  description: '',
  date: toIsoDate(new Date()),
});

/**
 * The form filled from the address (the journal's Correct opens the form with the original
 * entry's values: `?partyId=&Creditdebit=&amount=&description=&date=`), else empty.
 */
function initialDraft(kind: EntryKind, search: string): Draft {
  const given = readQuery(kind.screen, search);
  const draft = empty();
  return {
    partyId: given.partyId === undefined ? draft.partyId : String(given.partyId),
    creditDebit: given.Creditdebit ?? draft.creditDebit,
    amount: given.amount ?? draft.amount,
    description: given.description ?? draft.description,
    date: given.date ?? draft.date,
  };
}

/**
 * The Income, Expances and Salary screens: one form, configured by the kind of entry. A
 * read-only viewer who opens one (the sidebar has no link for them) is told so instead; the
 * form waits for the server to say who is signed in.
 */
export function EntryForm({ kind }: EntryFormProps) {
  const canWrite = useCanWrite();
  if (canWrite === true) return <EntryFormFields kind={kind} />;
  return (
    <div>
      <h1 className="ofs-page-title">{kind.title}</h1>
      {canWrite === undefined ? (
        <LoadingScreen />
      ) : (
        <p className="ofs-card mf-entries__read-only" role="note">
          {messages.readOnlyForm}
        </p>
      )}
    </div>
  );
}

function EntryFormFields({ kind }: EntryFormProps) {
  const [parties, setParties] = useState<Party[]>([]);
  const [loading, setLoading] = useState(true);
  const { search } = useLocation();
  const [draft, setDraft] = useState<Draft>(() => initialDraft(kind, search));
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
    if (!party || !creditDebit || draft.amount.trim() === '' || draft.date === '') {
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
      date: draft.date,
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
      setDraft(empty());
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
      <BooksClosed />
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
        <DateInput label="Date" name="date" value={draft.date} onChange={change('date')} />
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
