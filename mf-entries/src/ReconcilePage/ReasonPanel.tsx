// A reason asked under a reconcile row (Exclude, Undo exclude, Undo match), in place of a pop-up.
import { useEffect, useRef, useState } from 'react';
import { TextField } from 'shared-ui';
import { PanelFooter } from './PanelFooter';
import { ActionForm } from '../ActionForm';

export function ReasonPanel({
  action,
  name,
  busy,
  onConfirm,
  onCancel,
}: {
  /** The button's text: "Exclude", "Undo exclude", "Undo match". */
  action: string;
  /** The line as its buttons name it. */
  name: string;
  busy: boolean;
  onConfirm: (reason: string) => Promise<boolean>;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState('');
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.focus(), []);
  return (
    <ActionForm
      className="mf-reconcile__panel"
      label={`${action}: ${name}`}
      onSubmit={() => {
        if (reason.trim() === '') return setProblem('Please enter a reason');
        setProblem('');
        void onConfirm(reason.trim()).then((done) => done && onCancel());
      }}
    >
      <TextField
        label="Reason"
        value={reason}
        onChange={setReason}
        inputRef={field}
        error={problem || undefined}
      />
      <PanelFooter action={action} name={name} busy={busy} onCancel={onCancel} />
    </ActionForm>
  );
}
