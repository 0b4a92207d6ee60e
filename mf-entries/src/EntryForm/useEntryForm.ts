// The data of one entry form: the picker's parties (read through the page's cache), the draft
// the user is typing, and the submission, which records the entry once however often it is sent.
// Recording an entry refreshes the dashboard's figures and any open report or journal (the
// contract's topics).
import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import {
  clerkMessages,
  formatRs,
  notify,
  toIsoDate,
  useApiQuery,
  useCurrentUser,
  useApiWrite,
  endpoints,
  messages,
  type UploadVariables,
} from 'shared-ui';
import { entryWithFilesForm } from '../Receipts/receipt-files';
import { onlyCreditDebit, type EntryInput, type EntryKind, type Party } from '../entry-kinds';
import { useAccountOptions } from '../AccountsPage/useAccountOptions';
import { accountIdOf } from './AccountPicker';
import { rememberAccount, rememberedAccount } from './rememberedAccount';
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

/** An empty form; a kind with one Credit/Debit value has it chosen already. */
const empty = (kind: EntryKind): Draft => ({
  partyId: '',
  creditDebit: onlyCreditDebit(kind) ?? '',
  amount: '',
  description: '',
  date: toIsoDate(new Date()),
  accountId: '',
});

/** The fields a save needs, in the form's order, with what the page calls them. */
type Required = 'partyId' | 'creditDebit' | 'amount' | 'date';

/** Refused fields and the text shown beside each. */
export type FieldErrors = Partial<Record<Required, string>>;

/** What was just saved or refused, for the notice on the page (the preference is on). */
export interface Notice {
  text: string;
  /** A save is announced politely; a refusal or a failure as an alert on the page. */
  tone: 'success' | 'error';
  /** Changes with every save, so the same text is announced again. */
  serial: number;
}

const NO_PARTIES: Party[] = [];

/** An expense's answer: what it did to its type's budget, when the type has one. */
interface Budgeted {
  budget?: { notice?: string };
}

/** What every recording answers: the entry made. */
interface Recorded {
  entry: { id: number; amount: number | string };
}

/** The fields a save needs, in the form's order. */
const REQUIRED: readonly Required[] = ['partyId', 'creditDebit', 'amount', 'date'];
const LABELS: Record<Exclude<Required, 'partyId'>, string> = {
  creditDebit: 'Credit/Debit',
  amount: 'Amount',
  date: 'Date',
};

export function useEntryForm(kind: EntryKind) {
  const parties = useApiQuery(kind.list, undefined, {
    select: (answer) => kind.openParties(answer),
  });
  const preferences = useApiQuery(endpoints.getPreferences, undefined, { onError: 'log' });
  const withNotice = preferences.data?.confirmWithNotice === true;
  const [files, setFiles] = useState<File[]>([]);
  // Changed after each recorded entry, so that the file input empties too.
  const [filesReset, setFilesReset] = useState(0);
  const [draft, setDraft] = useState<Draft>(() => empty(kind));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [emptyNamed, setEmptyNamed] = useState('');
  const [notice, setNotice] = useState<Notice>({ text: '', tone: 'success', serial: 0 });
  /** Puts a text in the notice on the page, in place of the one before. */
  const show = (text: string, tone: Notice['tone']) =>
    setNotice((previous) => ({ text, tone, serial: previous.serial + 1 }));
  /**
   * A refusal or failure: the spec's pop-up, or with the preference on the same text in the
   * notice on the page, so that nothing blocks the keyboard there either.
   */
  const refused = (text: string) => (withNotice ? show(text, 'error') : notify(text));
  // The form's first field, where the keyboard goes back after a save.
  const firstField = useRef<HTMLSelectElement>(null);
  const fields = useRef<Partial<Record<Required, HTMLElement | null>>>({});
  // The mutation's state alone is not enough against a double click: both clicks can be handled
  // before the disabled button is rendered.
  const inFlight = useRef(false);
  const idempotency = useIdempotencyKey();
  // With or without receipts, a recorded entry empties the amount, description and files (the
  // party, Credit/Debit and date stay for the next one), puts the keyboard back on the first
  // field and says so; a failure keeps the key: submitting the same content again is a retry,
  // never a second entry.
  const recorded = {
    onSuccess: () => {
      idempotency.renew();
      setDraft((previous) => ({ ...previous, amount: '', description: '' }));
      setFiles([]);
      setFilesReset((value) => value + 1);
      setErrors({});
      setEmptyNamed('');
      firstField.current?.focus();
    },
    // The spec's text as it is; an expense that took its type past the month's budget says so
    // in a sentence after it (the entry is saved: spending is a fact), with receipts or without.
    // With the preference on, the text goes to the page instead, with the entry's number and
    // amount, and nothing takes the keyboard.
    success: (answer: object) => {
      const notice = 'budget' in answer ? (answer as Budgeted).budget?.notice : undefined;
      const text = notice ? `${kind.added}\n${notice}` : kind.added;
      if (!withNotice) return text;
      const entry = (answer as Partial<Recorded>).entry;
      const which = entry ? ` No. ${entry.id}, ${formatRs(entry.amount)}.` : '';
      show(`${text}.${which}`, 'success');
      return undefined;
    },
    errorText: kind.post.endpoint.texts.error,
    onFailure: withNotice ? (text: string) => show(text, 'error') : undefined,
  };
  const record = useApiWrite(kind.post.endpoint, recorded);
  const recordWithFiles = useApiWrite<typeof endpoints.addEntryWithReceipts, UploadVariables>(
    endpoints.addEntryWithReceipts,
    recorded,
  );
  const partyList = parties.data ?? NO_PARTIES;

  const userId = useCurrentUser().user?.id;
  const accountOptions = useAccountOptions().options;
  /** The account this user last used for this party here, if it still exists; else the default. */
  const accountFor = (partyId: string) => {
    const remembered = rememberedAccount(userId, kind.screen, partyId);
    return remembered && accountOptions.some((option) => option.value === remembered)
      ? remembered
      : '';
  };

  const change = (field: keyof Draft) => (value: string) =>
    setDraft((previous) => {
      // Choosing the party brings back the account last used for it; choosing an account
      // remembers it for the party chosen.
      if (field === 'partyId' && value !== previous.partyId)
        return { ...previous, partyId: value, accountId: accountFor(value) };
      if (field === 'accountId') rememberAccount(userId, kind.screen, previous.partyId, value);
      return { ...previous, [field]: value };
    });

  /** Marks the refused fields, names the empty ones on the page, and goes to the first. */
  const refuse = (found: FieldErrors, named: string) => {
    setErrors(found);
    setEmptyNamed(named);
    const first = REQUIRED.find((field) => found[field] !== undefined);
    if (first) fields.current[first]?.focus();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current) return;
    const party = partyList.find((candidate) => String(candidate.id) === draft.partyId);
    const creditDebit = kind.creditDebit.find((value) => value === draft.creditDebit);
    const missing: FieldErrors = {};
    if (!party) missing.partyId = `Choose the ${kind.partyLabel.toLowerCase()}`;
    if (!creditDebit) missing.creditDebit = 'Choose Credit or Debit';
    if (draft.amount.trim() === '') missing.amount = 'Type the amount';
    if (draft.date === '') missing.date = 'Choose the date';
    if (!party || !creditDebit || draft.amount.trim() === '' || draft.date === '') {
      const labels = REQUIRED.filter((field) => missing[field] !== undefined).map((field) =>
        field === 'partyId' ? kind.partyLabel : LABELS[field],
      );
      refuse(missing, `${clerkMessages.emptyFieldsPrefix} ${labels.join(', ')}.`);
      refused(messages.fillAllFields);
      return;
    }
    const amount = parseAmount(draft.amount);
    if (amount === undefined) {
      refuse({ amount: messages.invalidAmount }, '');
      refused(messages.invalidAmount);
      return;
    }
    setErrors({});
    setEmptyNamed('');
    if (creditDebit === 'Credit')
      rememberAccount(userId, kind.screen, draft.partyId, draft.accountId);
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
          form: entryWithFilesForm(kind.kind, kind.post.toBody(entry), files),
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
    /** The list came back empty: nothing to pick until it is filled elsewhere. */
    noParties: parties.isSuccess && partyList.length === 0,
    draft,
    change,
    errors,
    emptyNamed,
    notice,
    firstField,
    /** Registers a required field's control, so a refusal can put the keyboard on it. */
    fieldRef: (field: Required) => (element: HTMLElement | null) => {
      fields.current[field] = element;
      if (field === 'partyId') firstField.current = element as HTMLSelectElement | null;
    },
    submitting: record.isPending || recordWithFiles.isPending,
    onSubmit,
    setFiles,
    filesReset,
  };
}
