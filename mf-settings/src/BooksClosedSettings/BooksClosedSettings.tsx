import { useState } from 'react';
import { Button, DateInput, endpoints, useApiQuery, useApiWrite } from 'shared-ui';

/**
 * Settings → Books closed (admins): the day through which the books are closed, and the control
 * that moves it. The journal and the entry forms show the day on one line.
 */
export function BooksClosedSettings() {
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
    <section aria-labelledby="settings-books-closed">
      <h2 id="settings-books-closed">Books closed</h2>
      <p>
        {state.closedThrough
          ? `Books closed through ${state.closedThrough}: nothing dated on or before it is accepted.`
          : 'No period is closed.'}
      </p>
      {state.canMove && (
        <div className="ofs-toolbar">
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
    </section>
  );
}
