// Create's "New expense type": a money-out line whose expense type is not in the list yet gets it
// added in place (as Settings adds one, open to whoever may add types there), and the new type
// is chosen in Book to. Inside Create's form, so Enter in the name adds the type rather than
// sending Create.
import { useEffect, useRef, useState } from 'react';
import { Button, TextField, endpoints, useApiWrite } from 'shared-ui';

export function NewExpenseType({
  name,
  onAdded,
}: {
  /** The line's name, for the buttons' accessible names. */
  name: string;
  /** The new type's id, once it is in the list. */
  onAdded: (id: number) => void;
}) {
  const [open, setOpen] = useState(false);
  const [typeName, setTypeName] = useState('');
  const [problem, setProblem] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const add = useApiWrite(endpoints.addExpenseType, { onFailure: setProblem });
  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);

  const submit = async () => {
    if (typeName.trim() === '') return setProblem('Enter the new expense type');
    setProblem('');
    const outcome = await add.run({ body: { expancetype: typeName.trim() } });
    if (!outcome.ok || !outcome.answer.user) return;
    onAdded(outcome.answer.user.id);
    setTypeName('');
    setOpen(false);
  };

  if (!open)
    return (
      <Button
        variant="secondary"
        aria-label={`New expense type: ${name}`}
        onClick={() => setOpen(true)}
      >
        New expense type
      </Button>
    );
  return (
    <span className="mf-reconcile__new-type">
      <TextField
        label="New expense type"
        value={typeName}
        onChange={setTypeName}
        inputRef={input}
        maxLength={100}
        error={problem || undefined}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          void submit();
        }}
      />
      <Button
        variant="secondary"
        busy={add.isPending}
        busyLabel="Adding..."
        aria-label={`Add expense type: ${name}`}
        onClick={() => void submit()}
      >
        Add type
      </Button>
      <Button
        variant="secondary"
        aria-label={`Cancel new expense type: ${name}`}
        onClick={() => {
          setOpen(false);
          setProblem('');
        }}
      >
        Cancel
      </Button>
    </span>
  );
}
