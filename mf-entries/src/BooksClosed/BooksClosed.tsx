import { useEffect, useState } from 'react';
import type { BooksClosed as BooksClosedState } from 'contract';
import { Button, DateInput, call, endpoints, errorMessage, notify } from 'shared-ui';
import './BooksClosed.css';

export interface BooksClosedProps {
  /** Offer admins the control that moves the day (the journal); the forms only show it. */
  editable?: boolean;
}

/** "Books closed through <day>", and for admins on the journal a control to move it. */
export function BooksClosed({ editable = false }: BooksClosedProps) {
  const [state, setState] = useState<BooksClosedState | undefined>();
  const [draft, setDraft] = useState('');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let current = true;
    call(endpoints.getBooksClosed).then(
      (answer) => {
        if (!current || !answer || !('closedThrough' in answer)) return;
        setState(answer);
        setDraft(answer.closedThrough ?? '');
      },
      // The note is a help; the server refuses closed days whether it shows or not.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);

  if (!state) return null;

  const save = async () => {
    setSaving(true);
    try {
      const answer = await call(endpoints.moveBooksClosed, {
        body: { closedThrough: draft === '' ? null : draft },
      });
      setState(answer);
      notify(
        answer.closedThrough
          ? `Books closed through ${answer.closedThrough}`
          : 'No period is closed',
      );
    } catch (error) {
      notify(errorMessage(error, endpoints.moveBooksClosed.texts.error));
    } finally {
      setSaving(false);
    }
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
            onChange={setDraft}
          />
          <Button variant="secondary" busy={saving} busyLabel="Saving..." onClick={save}>
            Save closing date
          </Button>
        </div>
      )}
    </div>
  );
}
