import { EntryForm } from '../EntryForm';
import { incomeKind } from '../entry-kinds';

/** The /Income screen (docs/product.md#screens-and-routes). */
export function IncomePage() {
  return <EntryForm kind={incomeKind} />;
}
