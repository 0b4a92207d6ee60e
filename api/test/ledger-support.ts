// What the ledger's test files share (issue 40): calls as a signed-in user, the roll-ups folded,
// an account's id by its code, a day of books of every kind, and the lines one thing posted.
import { requestAs, rows, type TestContext } from './helpers.js';

/** Helpers on the app and staff token of the test under way, as `current()` answers them. */
export function ledgerHelpers(current: () => { ctx: TestContext; staff: string }) {
  const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    requestAs(current().ctx.app, token, method, url, payload);

  const fold = () => rows(current().ctx, 'SELECT fold_entry_rollups()');

  async function ledgerAccount(code: string): Promise<number> {
    const { body } = await call(current().staff, 'GET', '/api/ledger/accounts');
    const account = body.accounts.find((a: { code: string }) => a.code === code);
    if (!account) throw new Error(`no account ${code}`);
    return account.id;
  }

  /** An invoice of 1,000, a payment of 600 into Cash, rent of 150, a salary of 200 (all 2026-03-10). */
  async function dayOfBooks() {
    const day = '2026-03-10';
    const { staff } = current();
    const made = [
      await call(staff, 'POST', '/api/incoms/addIncome', {
        clientId: 1,
        amount: 1000,
        Creditdebit: 'Debit',
        date: day,
      }),
      await call(staff, 'POST', '/api/incoms/addIncome', {
        clientId: 1,
        amount: '600.00',
        Creditdebit: 'Credit',
        date: day,
      }),
      await call(staff, 'POST', '/api/expance/addexpance', {
        expanceTypeId: 1,
        amount: 150,
        Creditdebit: 'Credit',
        date: day,
      }),
      await call(staff, 'POST', '/api/expance/addsalery', {
        employeeId: 1,
        amount: 200,
        Creditdebit: 'Credit',
        date: day,
      }),
    ];
    for (const answer of made) expect(answer.status).toBe(201);
    return made.map((answer) => answer.body.entry.id as number);
  }

  /** The lines `source` `id` posted, in order: each account's code, debit, credit and basis. */
  const linesOf = (source: string, id: number) =>
    rows(
      current().ctx,
      `SELECT a.code, l.debit::text AS debit, l.credit::text AS credit, l.basis
       FROM ledger_lines l JOIN ledger_accounts a ON a.id = l.account_id
       WHERE l.source = '${source}' AND l.source_id = ${id} ORDER BY l.id`,
    );

  return { call, fold, ledgerAccount, dayOfBooks, linesOf };
}
