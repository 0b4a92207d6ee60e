// Known parties and dated entries for report tests, written straight to the database so that
// entries can sit on chosen days (the API stamps entries with today).
import { ENTRY_KINDS, type CreditDebit, type EntryKind } from 'contract';
import type { TestContext } from './helpers.js';
import { rows } from './helpers.js';

export async function seedParties(ctx: TestContext): Promise<void> {
  await rows(
    ctx,
    `INSERT INTO clients (name, email, company_name) VALUES
       ('Acme Buyer', 'acme@test.local', 'Acme'), ('Beta Buyer', 'beta@test.local', 'Beta'),
       ('Idle Buyer', 'idle@test.local', 'Idle')`,
  );
  await rows(
    ctx,
    `INSERT INTO employees (name, email, number) VALUES
       ('Ali', 'ali@test.local', '0300111'), ('Bina', 'bina@test.local', '0300222')`,
  );
  await rows(
    ctx,
    // name_key as the server writes it (nameKey of the name: these are plain ASCII words).
    `INSERT INTO expense_types (expancetype, status, name_key) VALUES
       ('Rent', 'Active', 'rent'), ('Fuel', 'Active', 'fuel'), ('Old', 'Suspended', 'old')`,
  );
}

export interface DatedEntry {
  kind: EntryKind;
  party: number;
  amount: string;
  cd?: CreditDebit;
  day: string;
  description?: string;
}

const column = { income: 'client_id', salary: 'employee_id', expense: 'expense_type_id' } as const;
const nameOf = {
  income: '(SELECT name FROM clients WHERE id = $ID)',
  salary: '(SELECT name FROM employees WHERE id = $ID)',
  expense: '(SELECT expancetype FROM expense_types WHERE id = $ID)',
} as const;

export async function insertEntries(ctx: TestContext, entries: DatedEntry[]): Promise<void> {
  if (!entries.length) return;
  const values = entries.map(
    (e) =>
      `('${e.kind}', ${e.party}, ${nameOf[e.kind].replace('$ID', String(e.party))}, ${e.amount}, ` +
      `'${e.cd ?? 'Credit'}', '${e.description ?? ''}', DATE '${e.day}', TIMESTAMPTZ '${e.day} 12:00:00+00')`,
  );
  // One kind per statement: each has its own foreign key column.
  for (const kind of ENTRY_KINDS) {
    const mine = values.filter((_, i) => entries[i]?.kind === kind);
    if (!mine.length) continue;
    await rows(
      ctx,
      `INSERT INTO entries (kind, ${column[kind]}, party_name, amount, credit_debit, description, entry_date, created_at)
       VALUES ${mine.join(', ')}`,
    );
  }
}
