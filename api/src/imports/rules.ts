// The rules an imported row's values must meet: the forms' own, from the contract. Each field of a
// kind is checked with the schema of the body property the matching form sends it in (Add Client,
// Add Employee, Add Expense type, the income, expense and salary entry forms), by the same
// compiler and settings as that form's route, so that an import never stores what the form would
// refuse; a refusal reads as the form's, naming the file's column.
import type { TObject, TSchema } from '@sinclair/typebox';
import {
  endpoints,
  importFieldLabel,
  type EntryKind,
  type ImportField,
  type ImportKind,
} from 'contract';
import { checkOf } from '../lib/validator.js';
import { validationMessage } from '../lib/validation-message.js';

const ENTRY_FIELDS: Partial<Record<ImportField, string>> = {
  date: 'date',
  amount: 'amount',
  creditDebit: 'Creditdebit',
  description: 'description',
};

/** The form each kind's rows go through, and the body property each field is sent in. */
const FORMS: Record<ImportKind, { body: TObject; fields: Partial<Record<ImportField, string>> }> = {
  clients: {
    body: endpoints.addClient.body,
    fields: { name: 'name', email: 'email', companyName: 'companyName' },
  },
  employees: {
    body: endpoints.addEmployee.body,
    fields: { name: 'name', email: 'email', number: 'number' },
  },
  expenseTypes: { body: endpoints.addExpenseType.body, fields: { expenseType: 'expancetype' } },
  income: { body: endpoints.addIncome.body, fields: ENTRY_FIELDS },
  expense: { body: endpoints.addExpense.body, fields: ENTRY_FIELDS },
  salary: { body: endpoints.addSalary.body, fields: ENTRY_FIELDS },
};

/** The party an entries import creates, by the name its own form takes. */
const NEW_PARTY: Partial<Record<EntryKind, TSchema>> = {
  income: endpoints.addClient.body.properties.name,
  expense: endpoints.addExpenseType.body.properties.expancetype,
};

export interface FieldRefusal {
  field: ImportField;
  reason: string;
}

/** A value's check and the sentence for its refusal, null when the form takes it. */
type Rule = (value: unknown) => string | null;

function rule(schema: TSchema, label: string): Rule {
  const check = checkOf(schema);
  return (value) =>
    check(value) ? null : validationMessage((check.errors ?? []) as never[], label);
}

/**
 * The check of a kind's rows: each field given, as it would be stored, against its form's rule;
 * every refusal, in the order the values are given.
 */
export function formRules(kind: ImportKind): FormRules {
  let rules = compiled.get(kind);
  if (!rules) compiled.set(kind, (rules = compileRules(kind)));
  return rules;
}

type FormRules = (values: Partial<Record<ImportField, unknown>>) => FieldRefusal[];

/** Each kind's rules, compiled on first use and kept for the process. */
const compiled = new Map<ImportKind, FormRules>();

function compileRules(kind: ImportKind): FormRules {
  const { body, fields } = FORMS[kind];
  const rules = new Map<ImportField, Rule>();
  for (const [field, property] of Object.entries(fields) as [ImportField, string][]) {
    const schema = body.properties[property];
    if (!schema) throw new Error(`the form of ${kind} has no field ${property}`);
    rules.set(field, rule(schema, importFieldLabel(kind, field)));
  }
  return (values) => {
    const refused: FieldRefusal[] = [];
    for (const [field, value] of Object.entries(values) as [ImportField, unknown][]) {
      const check = rules.get(field);
      const reason = check ? check(value) : null;
      if (reason !== null) refused.push({ field, reason });
    }
    return refused;
  };
}

/** The check of the name of a party an entries import creates (null: it creates none). */
export function newPartyRule(kind: EntryKind): Rule | null {
  const schema = NEW_PARTY[kind];
  if (!schema) return null;
  let check = partyRules.get(kind);
  if (!check) partyRules.set(kind, (check = rule(schema, importFieldLabel(kind, 'party'))));
  return check;
}

const partyRules = new Map<EntryKind, Rule>();
