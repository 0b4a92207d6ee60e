import { EntryForm } from '../EntryForm';
import { salaryKind } from '../entry-kinds';

/** The /Salary screen (docs/product.md#screens-and-routes). */
export function SalaryPage() {
  return <EntryForm kind={salaryKind} />;
}
