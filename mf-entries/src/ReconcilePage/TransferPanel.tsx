// Transfer, under a reconcile row: the line is money moved to or from another money account (an
// ATM withdrawal into Cash, a deposit from Cash); the transfer is recorded for the line's day and
// amount and the line matched to it. The other account starts on the one the line's text names,
// else the first other account.
import { useEffect, useRef, useState } from 'react';
import type { Account, StatementLine } from 'contract/browser';
import { Select, TextField } from 'shared-ui';
import { PanelFooter } from './PanelFooter';
import { lineName, sharedWords } from './line-words';
import { ActionForm } from '../ActionForm';

export function TransferPanel({
  line,
  others,
  busy,
  onTransfer,
  onCancel,
}: {
  line: StatementLine;
  others: Account[];
  busy: boolean;
  onTransfer: (otherId: number, description: string) => Promise<boolean>;
  onCancel: () => void;
}) {
  const named = others.find((account) => sharedWords(line, account.name).length > 0);
  const [choice, setChoice] = useState<string | undefined>();
  const [description, setDescription] = useState(line.description);
  const picker = useRef<HTMLSelectElement>(null);
  useEffect(() => picker.current?.focus(), []);
  const value = choice ?? String((named ?? others[0])?.id ?? '');
  const name = lineName(line);
  const out = line.amount < 0;

  return (
    <ActionForm
      className="mf-reconcile__panel"
      label={`Transfer: ${name}`}
      onSubmit={() => {
        if (value !== '' && !busy)
          void onTransfer(Number(value), description).then((done) => done && onCancel());
      }}
    >
      {others.length === 0 ? (
        <p>There is no other money account to transfer with: add one under Accounts.</p>
      ) : (
        <>
          <Select
            label={out ? 'To account' : 'From account'}
            value={value}
            options={others.map((account) => ({ value: String(account.id), label: account.name }))}
            onChange={setChoice}
            selectRef={picker}
          />
          <TextField label="Description" value={description} onChange={setDescription} />
        </>
      )}
      <PanelFooter
        action={others.length > 0 ? 'Transfer & match' : undefined}
        name={name}
        busy={busy}
        onCancel={onCancel}
      />
    </ActionForm>
  );
}
