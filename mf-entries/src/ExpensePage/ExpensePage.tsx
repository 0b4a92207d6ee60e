import { EntryForm } from '../EntryForm';
import { expenseKind } from '../entry-kinds';

/** The expense entry screen, at the spec's /Expances. */
export function ExpensePage() {
  return <EntryForm kind={expenseKind} />;
}
