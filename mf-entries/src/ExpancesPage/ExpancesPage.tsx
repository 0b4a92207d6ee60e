import { EntryForm } from '../EntryForm';
import { expenseKind } from '../entry-kinds';

/** The /Expances screen (spec §2). */
export function ExpancesPage() {
  return <EntryForm kind={expenseKind} />;
}
