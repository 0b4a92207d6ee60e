// What a payslip shows (issue 23, item 4): one employee, one month, every salary entry dated in
// that month whichever way it was written (a payroll run, the Salary form, an import, a repeating
// entry), each reversal beside what it reverses. The sums are the payroll sheet's `paid` and the
// Employees Vs Salary report's: salary amounts as stored, a reversal's negative amount netting
// what it undoes.
import { sql } from 'kysely';
import { apiMessages, centsOf, centsText } from 'contract';
import type { Db } from '../db/index.js';
import { notFound } from '../lib/errors.js';
import { monthDays } from './payroll.js';

export interface PayslipEntry {
  id: number;
  date: string;
  description: string;
  /** As stored: a reversal's amount is negative. */
  amount: string;
  creditDebit: 'Credit' | 'Debit';
  /** The batch that wrote it, or null for an entry typed on a form. */
  batchKind: 'import' | 'payroll' | 'recurring' | null;
  reversesId: number | null;
  reversedById: number | null;
}

export interface Payslip {
  employee: { id: number; name: string; number: string; email: string };
  month: string;
  from: string;
  to: string;
  monthlySalary: string | null;
  entries: PayslipEntry[];
  /** The net of `entries`, summed in exact cents, as numeric text (`-12.50`). */
  total: string;
}

/** The exact sum of amounts given as numeric(14, 2) text (`1000.00`, `-0.50`). */
function netOf(amounts: string[]): string {
  return centsText(amounts.reduce((sum, amount) => sum + centsOf(amount), 0n));
}

export async function payslip(db: Db, employeeId: number, month: string): Promise<Payslip> {
  const { rows: people } = await sql<{
    id: number;
    name: string;
    number: string;
    email: string;
    salary: string | null;
  }>`
    SELECT id, name, number, email, monthly_salary::text AS salary
    FROM employees WHERE id = ${employeeId}`.execute(db);
  const person = people[0];
  if (!person) throw notFound(apiMessages.employeeNotFound);
  const { from, to } = monthDays(month);
  const { rows } = await sql<{
    id: number | string;
    date: string;
    description: string;
    amount: string;
    credit_debit: 'Credit' | 'Debit';
    batch_kind: PayslipEntry['batchKind'];
    reverses_id: number | string | null;
    reversed_by: number | string | null;
  }>`
    SELECT e.id, e.entry_date::text AS date, e.description, e.amount::text AS amount,
           e.credit_debit, b.kind AS batch_kind, e.reverses_id,
           (SELECT min(r.id) FROM entries r WHERE r.reverses_id = e.id) AS reversed_by
    FROM entries e LEFT JOIN entry_batches b ON b.id = e.batch_id
    WHERE e.kind = 'salary' AND e.employee_id = ${employeeId}
      AND e.entry_date BETWEEN ${from} AND ${to}
    ORDER BY e.entry_date, e.id`.execute(db);
  const id = (value: number | string | null) => (value === null ? null : Number(value));
  return {
    employee: { id: person.id, name: person.name, number: person.number, email: person.email },
    month,
    from,
    to,
    monthlySalary: person.salary,
    entries: rows.map((row) => ({
      id: Number(row.id),
      date: row.date,
      description: row.description,
      amount: row.amount,
      creditDebit: row.credit_debit,
      batchKind: row.batch_kind,
      reversesId: id(row.reverses_id),
      reversedById: id(row.reversed_by),
    })),
    total: netOf(rows.map((row) => row.amount)),
  };
}
