import {
  AmountField,
  AppLink,
  Button,
  DateInput,
  TextField,
  clerkMessages,
  messages,
} from 'shared-ui';
import { BooksClosed } from '../BooksClosed';
import { WritersOnly } from '../WritersOnly';
import { JustRecorded } from '../JustRecorded';
import { ReceiptInput } from '../Receipts/ReceiptInput';
import { partyOptions, type EntryKind } from '../entry-kinds';
import { EntryFields } from '../EntryFields';
import { useEntryForm } from './useEntryForm';
import { fieldOf } from '../useDraft';
import { BudgetUse } from './BudgetUse';
import { ClientBalance } from './ClientBalance';
import { AccountPicker } from './AccountPicker';
import './EntryForm.css';

export interface EntryFormProps {
  kind: EntryKind;
}

/**
 * The Income, Expances and Salary screens: one form, configured by the kind of entry. A
 * read-only viewer who opens one (the sidebar has no link for them) is told so instead; the
 * form waits for the server to say who is signed in.
 */
export function EntryForm({ kind }: EntryFormProps) {
  return (
    <WritersOnly
      title={kind.title}
      note={messages.readOnlyForm}
      noteClassName="ofs-card mf-entries__read-only"
    >
      <EntryFormFields kind={kind} />
    </WritersOnly>
  );
}

function EntryFormFields({ kind }: EntryFormProps) {
  const {
    parties,
    loadingParties,
    noParties,
    draft,
    change,
    errors,
    emptyNamed,
    notice,
    fieldRef,
    submitting,
    onSubmit,
    setFiles,
    filesReset,
  } = useEntryForm(kind);
  const field = fieldOf(draft, change);

  return (
    <div>
      <h1 className="ofs-page-title">{kind.title}</h1>
      <BooksClosed />
      <form
        className="ofs-card mf-entries__form"
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        data-screen-start
      >
        <EntryFields
          kind={kind}
          party={{
            label: kind.partyLabel,
            name: 'party',
            value: draft.partyId,
            onChange: change('partyId'),
            placeholder: loadingParties ? messages.loading : kind.partyPlaceholder,
            options: partyOptions(parties),
            error: errors.partyId,
            selectRef: fieldRef('partyId'),
            hint: noParties ? (
              <>
                {kind.noParties.text}{' '}
                <AppLink to={kind.noParties.to}>{kind.noParties.link}</AppLink>
              </>
            ) : undefined,
          }}
          creditDebit={{
            name: 'Creditdebit',
            value: draft.creditDebit,
            onChange: change('creditDebit'),
            placeholder: 'Select Credit/Debit',
            hint: kind.screen === 'income' ? clerkMessages.incomeCreditDebitHint : undefined,
            error: errors.creditDebit,
            selectRef: fieldRef('creditDebit'),
          }}
        >
          {kind.screen === 'income' && draft.partyId !== '' && (
            <ClientBalance clientId={Number(draft.partyId)} />
          )}
          {kind.screen === 'expenses' &&
            draft.partyId !== '' &&
            /^\d{4}-\d{2}/.test(draft.date) && (
              <BudgetUse expenseTypeId={Number(draft.partyId)} month={draft.date.slice(0, 7)} />
            )}
        </EntryFields>
        <AmountField
          label="Amount"
          {...field('amount')}
          error={errors.amount}
          inputRef={fieldRef('amount')}
        />
        {/* With the amount and before the button: where the money went is chosen, not assumed. */}
        {draft.creditDebit !== 'Debit' && (
          <AccountPicker value={draft.accountId} onChange={change('accountId')} />
        )}
        <TextField label="Description (optional)" maxLength={500} {...field('description')} />
        <DateInput
          label="Date"
          {...field('date')}
          error={errors.date}
          inputRef={fieldRef('date')}
        />
        <ReceiptInput onChange={setFiles} resetKey={filesReset} />
        <div className="mf-entries__actions">
          <Button type="submit" busy={submitting} busyLabel={messages.adding}>
            {kind.title}
          </Button>
          {emptyNamed && <p className="mf-entries__empty-fields">{emptyNamed}</p>}
        </div>
        <p className="mf-entries__notice" role="status" aria-live="polite" aria-atomic="true">
          {notice.tone === 'success' ? notice.text : ''}
        </p>
        <p className="mf-entries__notice mf-entries__notice--error" role="alert">
          {notice.tone === 'error' ? notice.text : ''}
        </p>
      </form>
      <JustRecorded kind={kind.kind} partyLabel={kind.partyLabel} />
    </div>
  );
}
