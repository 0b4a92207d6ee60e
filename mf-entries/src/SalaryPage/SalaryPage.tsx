import { EntryForm } from '../EntryForm';
import { salaryKind } from '../entry-kinds';

/** The /Salary screen (spec §2). */
export function SalaryPage() {
  return <EntryForm kind={salaryKind} />;
}
