// Planning the rows of a clients, employees or expense types import: every field given and
// checked by the kind's form's rules; duplicates within the file and of those already recorded
// (looked up by the caller and handed in, by key).
import { IMPORT_KIND_FIELDS, importMessages, nameKey, type ImportField } from 'contract';
import { cellText } from './detect.js';
import { clean, type PersonPlan, type RowReading } from './plan.js';

/** The key under which two people (or expense types) are the same. */
export const personKey = (
  kind: 'clients' | 'employees' | 'expenseTypes',
  name: string,
  email: string,
  extra: string,
) =>
  kind === 'expenseTypes'
    ? nameKey(name)
    : [nameKey(name), email.toLowerCase(), nameKey(extra)].join('\u0000');

export function planPeople(
  reading: RowReading,
  /** The keys (personKey) of those already recorded. */
  existing: Set<string>,
): PersonPlan[] {
  const { rows: trusted, cellOf, label, fail, check, ticked } = reading;
  const kind = reading.kind as 'clients' | 'employees' | 'expenseTypes';
  const people: PersonPlan[] = [];
  const seen = new Map<string, number>();
  for (const { line, cells } of trusted) {
    const before = reading.failures();
    const value = (field: ImportField) => clean(cellText(cellOf(cells, field)));
    const nameField: ImportField = kind === 'expenseTypes' ? 'expenseType' : 'name';
    const name = value(nameField);
    const email = kind === 'expenseTypes' ? '' : value('email');
    const extra =
      kind === 'clients' ? value('companyName') : kind === 'employees' ? value('number') : '';
    // Every field is needed; each one given is checked by the kind's form's rules.
    const given: Partial<Record<ImportField, string>> = {};
    for (const field of IMPORT_KIND_FIELDS[kind]) {
      const text = value(field);
      if (text === '') fail(line, importMessages.missing(label(field)));
      else given[field] = text;
    }
    for (const { reason } of check(given)) fail(line, reason);
    if (reading.failures() > before) continue;
    const key = personKey(kind, name, email, extra);
    // Expense type names are unique: a duplicate can never be ticked in.
    const tickable = kind !== 'expenseTypes';
    const first = seen.get(key);
    if (first !== undefined && !(tickable && ticked.has(line))) {
      fail(line, importMessages.duplicateRow(first), tickable);
      continue;
    }
    if (existing.has(key) && !(tickable && ticked.has(line))) {
      fail(line, tickable ? importMessages.duplicateEntry : importMessages.exists, tickable);
      continue;
    }
    if (first === undefined) seen.set(key, line);
    people.push({ line, name, email, extra });
  }
  return people;
}
