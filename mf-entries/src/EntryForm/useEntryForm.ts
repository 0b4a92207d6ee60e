// The data of one entry form: the picker's parties (read through the page's cache), the draft
// the user is typing, and the submission, which records the entry once however often it is sent.
// Recording an entry refreshes the dashboard's figures and any open report or journal (shared-ui's
// `invalidates`).
import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useLocation } from 'react-router';
import { readQuery } from 'contract';
import {
  notify,
  toIsoDate,
  useApiQuery,
  useApiWrite,
  endpoints,
  messages,
  type UploadVariables,
} from 'shared-ui';
import { entryWithFilesForm } from '../Receipts';
import type { EntryInput, EntryKind, Party } from '../entry-kinds';
import { accountIdOf } from './AccountPicker';
import { parseAmount } from './amount';
import { useIdempotencyKey } from './useIdempotencyKey';

/** What the user has typed or chosen; select values are strings until validated. */
export interface Draft {
  partyId: string;
  creditDebit: string;
  amount: string;
  description: string;
  /** YYYY-MM-DD, today unless changed. */
  date: string;
  /** The money account; empty: the default one. */
  accountId: string;
}

const empty = (): Draft => ({
  partyId: '',
  creditDebit: '',
  amount: '',
  description: '',
  date: toIsoDate(new Date()),
  accountId: '',
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
    accountId: draft.accountId,
  };
}

const NO_PARTIES: Party[] = [];

/** The entry kind each form records (its receipts go with it: contract RECEIPT_FORM). */
/** An expense's answer: what it did to its type's budget, when the type has one. */
interface Budgeted {
  budget?: { notice?: string };
}

const RECORDS = { income: 'income', expenses: 'expense', salary: 'salary' } as const;

export function useEntryForm(kind: EntryKind) {
  const parties = useApiQuery(kind.parties.endpoint, undefined, {
    select: (answer) => kind.parties.select(answer),
  });
  const [files, setFiles] = useState<File[]>([]);
  // Changed after each recorded entry, so that the file input empties too.
  const [filesReset, setFilesReset] = useState(0);
  const { search } = useLocation();
  const [draft, setDraft] = useState<Draft>(() => initialDraft(kind, search));
  // The mutation's state alone is not enough against a double click: both clicks can be handled
  // before the disabled button is rendered.
  const inFlight = useRef(false);
  const idempotency = useIdempotencyKey();
  // With or without receipts, a recorded entry empties the form and says so; a failure keeps the
  // key: submitting the same content again is a retry, never a second entry.
  const recorded = {
    onSuccess: () => {
      idempotency.renew();
      setDraft(empty());
      setFiles([]);
      setFilesReset((value) => value + 1);
    },
    // The spec's text as it is; an expense that took its type past the month's budget says so
    // in a sentence after it (the entry is saved: spending is a fact). The answer with receipts
    // carries no budget.
    success: (answer: object) => {
      const notice = 'budget' in answer ? (answer as Budgeted).budget?.notice : undefined;
      return notice ? `${kind.added}\n${notice}` : kind.added;
    },
    errorText: kind.post.endpoint.texts.error,
  };
  const record = useApiWrite(kind.post.endpoint, recorded);
  const recordWithFiles = useApiWrite<typeof endpoints.addEntryWithReceipts, UploadVariables>(
    endpoints.addEntryWithReceipts,
    recorded,
  );
  const partyList = parties.data ?? NO_PARTIES;

  const change = (field: keyof Draft) => (value: string) =>
    setDraft((previous) => ({ ...previous, [field]: value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current) return;
    const party = partyList.find((candidate) => String(candidate.id) === draft.partyId);
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
      ...accountIdOf(creditDebit, draft.accountId),
    };
    const key = idempotency.keyFor(
      JSON.stringify({ entry, files: files.map((file) => [file.name, file.size]) }),
    );

    inFlight.current = true;
    try {
      // The server answers a repeated Idempotency-Key with the entry it already recorded, so a
      // retry after a lost answer cannot record the money twice.
      // With receipts, the entry and its files go in one call: both are saved, or neither.
      if (files.length > 0)
        await recordWithFiles.run({
          form: entryWithFilesForm(RECORDS[kind.screen], kind.post.toBody(entry), files),
          headers: { 'Idempotency-Key': key },
        });
      else
        await record.run({
          body: kind.post.toBody(entry) as never,
          headers: { 'Idempotency-Key': key },
        });
    } finally {
      inFlight.current = false;
    }
  };

  return {
    parties: partyList,
    loadingParties: parties.isPending,
    draft,
    change,
    submitting: record.isPending || recordWithFiles.isPending,
    onSubmit,
    setFiles,
    filesReset,
  };
}
