import { useState } from 'react';
import { Button, DateInput, endpoints, useApiQuery, useApiWrite } from 'shared-ui';
import './BooksClosed.css';

export interface BooksClosedProps {
  /** Offer admins the control that moves the day (the journal); the forms only show it. */
  editable?: boolean;
}

/** "Books closed through <day>", and for admins on the journal a control to move it. */
export function BooksClosed({ editable = false }: BooksClosedProps) {
  // The note is a help; the server refuses closed days whether it shows or not.
  const { data: state } = useApiQuery(endpoints.getBooksClosed, undefined, { onError: 'quiet' });
  const move = useApiWrite(endpoints.moveBooksClosed, {
    onSuccess: () => setTyped(undefined),
    success: (answer) =>
      answer.closedThrough ? `Books closed through ${answer.closedThrough}` : 'No period is closed',
  });
  // What the user typed; undefined shows the day the server has.
  const [typed, setTyped] = useState<string | undefined>();

  if (!state || !('closedThrough' in state)) return null;
  const draft = typed ?? state.closedThrough ?? '';

  const save = async () => {
    await move.run({ body: { closedThrough: draft === '' ? null : draft } });
  };

  return (
    <div className="mf-entries__books">
      <p className="mf-entries__books-note">
        {state.closedThrough
          ? `Books closed through ${state.closedThrough}: nothing dated on or before it is accepted.`
          : 'No period is closed.'}
      </p>
      {editable && state.canMove && (
        <div className="mf-entries__books-control">
          <DateInput
            label="Books closed through"
            name="closedThrough"
            value={draft}
            onChange={setTyped}
          />
          <Button
            variant="secondary"
            busy={move.isPending}
            busyLabel="Saving..."
            onClick={() => void save()}
          >
            Save closing date
          </Button>
        </div>
      )}
    </div>
  );
}
