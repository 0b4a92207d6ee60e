import { endpoints, useApiQuery } from 'shared-ui';
import './BooksClosed.css';

/**
 * "Books closed through <day>" on one line, above the journal and the entry forms. Admins move
 * the day in Settings (Books closed).
 */
export function BooksClosed() {
  // The note is a help; the server refuses closed days whether it shows or not.
  const { data: state } = useApiQuery(endpoints.getBooksClosed, undefined, { onError: 'quiet' });
  if (!state || !('closedThrough' in state)) return null;
  return (
    <div className="mf-entries__books">
      <p className="mf-entries__books-note">
        {state.closedThrough
          ? `Books closed through ${state.closedThrough}: nothing dated on or before it is accepted.`
          : 'No period is closed.'}
      </p>
    </div>
  );
}
