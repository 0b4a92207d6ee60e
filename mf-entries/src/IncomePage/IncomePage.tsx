import { EntryForm } from '../EntryForm';
import { incomeKind } from '../entry-kinds';

/** The /Income screen (spec §2). */
export function IncomePage() {
  return <EntryForm kind={incomeKind} />;
}
