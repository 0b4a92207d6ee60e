// The values of imports.ts that the browser reads (`contract/browser`), apart from the schemas that
// imports.ts builds from them.
import type { ImportKind, ImportField } from './imports.js';

/** What a file holds, in the order the screen offers it. */
export const IMPORT_KINDS = [
  'income',
  'expense',
  'salary',
  'clients',
  'employees',
  'expenseTypes',
] as const;

/** The choice's labels, as the issue spells them. */
export const IMPORT_KIND_LABELS: Record<ImportKind, string> = {
  income: 'Income',
  expense: 'Expense',
  salary: 'Salary',
  clients: 'Clients',
  employees: 'Employees',
  expenseTypes: 'Expense types',
};

export const ENTRY_FIELDS = [
  'date',
  'party',
  'creditDebit',
  'amount',
  'debit',
  'credit',
  'description',
] as const;

/** The fields of each kind, in the order the mapping selects are shown. */
export const IMPORT_KIND_FIELDS: Record<ImportKind, readonly ImportField[]> = {
  income: ENTRY_FIELDS,
  expense: ENTRY_FIELDS,
  salary: ENTRY_FIELDS,
  clients: ['name', 'email', 'companyName'],
  employees: ['name', 'email', 'number'],
  expenseTypes: ['expenseType'],
};

/** The label of a field's select; `party` is named for the kind's party. */
export function importFieldLabel(kind: ImportKind, field: ImportField): string {
  if (field === 'party')
    return kind === 'income' ? 'Client' : kind === 'salary' ? 'Employee' : 'Expense type';
  return {
    date: 'Date',
    party: 'Party',
    creditDebit: 'Credit/Debit',
    amount: 'Amount',
    debit: 'Debit',
    credit: 'Credit',
    description: 'Description',
    name: 'Name',
    email: 'E-mail',
    number: 'Number',
    companyName: 'Company name',
    expenseType: 'Expense type',
  }[field];
}

export const DATE_FORMATS = [
  'YYYY-MM-DD',
  'DD/MM/YYYY',
  'MM/DD/YYYY',
  'DD.MM.YYYY',
  'Excel',
] as const;

/** `1,234.56` (dot decimal) or `1.234,56` (comma decimal), with or without RS / Rs. */
export const NUMBER_FORMATS = ['1,234.56', '1.234,56'] as const;
