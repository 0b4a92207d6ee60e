import { useState } from 'react';
import {
  Button,
  DateInput,
  DownloadButton,
  TextField,
  endpoints,
  errorMessage,
  messages,
  toIsoDate,
  useIsAdmin,
} from 'shared-ui';
import type { Reconcile } from './useReconcile';

const SIGNED = /^-?\d{1,12}(\.\d{1,2})?$/;

/**
 * Mark reconciled through DATE with the statement's closing balance (the server refuses, naming
 * the difference, when the books do not agree), and the bank reconciliation statement of the day.
 * A day before the account's reconciled-through day takes an admin's reason.
 */
export function ReconciledForm({
  accountId,
  reconcile,
  canWrite,
  onDone,
}: {
  accountId: number;
  reconcile: Reconcile;
  canWrite: boolean;
  /** Says the day marked (in the screen's live region). */
  onDone: (text: string) => void;
}) {
  const [through, setThrough] = useState(() => toIsoDate(new Date()));
  const [closing, setClosing] = useState('');
  const [refusal, setRefusal] = useState('');
  const [reason, setReason] = useState('');
  const isAdmin = useIsAdmin();
  const reconciledThrough = reconcile.account?.reconciledThrough ?? null;
  const back =
    isAdmin && reconciledThrough !== null && through !== '' && through < reconciledThrough;
  const input = { params: { id: accountId }, query: through ? { date: through } : {} };

  const submit = async () => {
    const balance = closing.trim().replace(/,/g, '');
    if (!through || balance === '') return setRefusal(messages.fillAllFields);
    if (!SIGNED.test(balance)) return setRefusal('Enter the closing balance (at most 2 decimals)');
    const outcome = await reconcile.markReconciled(through, balance, back ? reason : '');
    setRefusal(outcome.ok ? '' : errorMessage(outcome.error, endpoints.markReconciled.texts.error));
    if (outcome.ok) onDone(outcome.answer.message);
  };

  return (
    <section aria-label="Reconciled through" className="mf-accounts__form">
      <h2>Reconciled through</h2>
      <DateInput label="Date" value={through} onChange={setThrough} />
      {canWrite && (
        <>
          <TextField
            label="Closing balance"
            inputMode="decimal"
            value={closing}
            onChange={setClosing}
          />
          {back && (
            <TextField
              label={`Reason to move it back (reconciled through ${reconciledThrough})`}
              value={reason}
              onChange={setReason}
            />
          )}
          <Button busy={reconcile.reconciling} busyLabel="Saving..." onClick={() => void submit()}>
            {`Mark reconciled through ${through}`}
          </Button>
        </>
      )}
      <DownloadButton
        endpoint={endpoints.reconciliationPdf}
        input={input}
        label="Reconciliation statement (PDF)"
      />
      <DownloadButton
        endpoint={endpoints.reconciliationExcel}
        input={input}
        label="Reconciliation statement (Excel)"
      />
      {refusal && (
        <p role="alert" className="mf-reconcile__refusal">
          {refusal}
        </p>
      )}
    </section>
  );
}
