// Between records, form values and request bodies: the rules every People form shares.
import { formatMoney, plainAmount } from 'shared-ui';
import type { PersonBody, PersonField, PersonRecord, PersonValues } from './types';

/** The values of an empty add form. */
export function emptyValues(fields: PersonField[]): PersonValues {
  return Object.fromEntries(fields.map((field) => [field.name, field.initial ?? '']));
}

/** The edit modal's starting values: the record's own (a password is never read back). */
export function valuesOf(fields: PersonField[], row: PersonRecord): PersonValues {
  const record = row as unknown as Record<string, unknown>;
  return Object.fromEntries(
    fields.map((field) => {
      const value = field.kind === 'password' ? undefined : record[field.name];
      return [field.name, value === undefined || value === null ? '' : String(value)];
    }),
  );
}

/** What the list shows for one field of a record: a select's label, else the value. */
export function cellText(field: PersonField, row: PersonRecord): string {
  const value = (row as unknown as Record<string, unknown>)[field.name];
  if (field.kind === 'money' && typeof value === 'number') return formatMoney(value);
  const text = value === undefined || value === null ? '' : String(value);
  return field.options?.find((option) => option.value === text)?.label ?? text;
}

const isRequired = (field: PersonField, mode: 'add' | 'edit') =>
  !field.optional && (mode === 'add' || field.edit !== 'optional');

/** True when a required field is empty or blank (docs/product.md#validation: "Please fill all fields"). */
export function hasMissing(
  fields: PersonField[],
  values: PersonValues,
  mode: 'add' | 'edit',
): boolean {
  return missingFields(fields, values, mode).length > 0;
}

/** The required fields left empty, in the form's order. */
export function missingFields(
  fields: PersonField[],
  values: PersonValues,
  mode: 'add' | 'edit',
): PersonField[] {
  return fields.filter(
    (field) => isRequired(field, mode) && (values[field.name] ?? '').trim() === '',
  );
}

/**
 * The request body. Text is trimmed but a password is sent as typed; an optional field left
 * empty is not sent at all (the edit-user password, docs/product.md#validation).
 */
export function toBody(
  fields: PersonField[],
  values: PersonValues,
  mode: 'add' | 'edit',
): PersonBody {
  const body: PersonBody = {};
  for (const field of fields) {
    const raw = values[field.name] ?? '';
    if (mode === 'edit' && field.edit === 'optional' && raw === '') continue;
    if (field.optional && raw.trim() === '') {
      if (mode === 'edit') body[field.name] = null;
      continue;
    }
    // An amount typed with thousands separators goes as the plain amount; one that is not an
    // amount goes as typed, for the server to refuse with its message.
    body[field.name] =
      field.kind === 'password'
        ? raw
        : field.kind === 'money'
          ? (plainAmount(raw) ?? raw.trim())
          : raw.trim();
  }
  return body;
}
