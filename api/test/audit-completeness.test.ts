// Every route that changes data leaves exactly one audit row, written in the same transaction as
// the change; and no audit row ever holds a password, a password hash or a session token.
//
// The routes are walked from the app's own route table (its OpenAPI description, which every
// route is in): a route that changes data and has no case below fails the test, so a new route
// cannot slip past. "Same transaction" is shown by making audit rows impossible to write: the
// call must then fail and leave every table exactly as it was.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { NobleCryptoPlugin, ScureBase32Plugin, TOTP } from 'otplib';
import { deployStaged, stageCopy } from '../src/releases/deploy.js';
import { addDays, monthOf, todayIn } from '../src/lib/dates.js';
import {
  ADMIN,
  STAFF,
  bearer,
  login,
  rows,
  setupDatabase,
  signInBoth,
  tableContents,
  uploadBody,
  type TestContext,
} from './helpers.js';

// A two-step key as on PostgreSQL, where none is generated into a data directory; a backup
// folder, so that "Back up now" takes one.
const backupDir = await mkdtemp(path.join(os.tmpdir(), 'audit-backups-'));
// A web root, so that a remote's releases can be promoted and rolled back.
const webRoot = await mkdtemp(path.join(os.tmpdir(), 'audit-web-'));
const db = await setupDatabase({
  totpKey: randomBytes(32),
  backup: { dir: backupDir, everyHours: 24, keep: 2 },
  webRoot,
});
afterAll(async () => {
  await db.close();
  await rm(backupDir, { recursive: true, force: true });
  await rm(webRoot, { recursive: true, force: true });
});

let releasesMade = 0;
/** mf-reports deployed afresh: a served version and a canary of 10%. */
async function servedAndCanary(): Promise<void> {
  await rm(path.join(webRoot, 'mf-reports'), { recursive: true, force: true });
  for (const [n, canary] of [
    [0, undefined],
    [1, { share: 10 }],
  ] as const) {
    const build = await mkdtemp(path.join(os.tmpdir(), 'audit-build-'));
    await writeFile(path.join(build, 'mf-manifest.json'), `{"build": ${releasesMade}, "n": ${n}}`);
    await writeFile(path.join(build, 'remoteEntry.js'), `var reports = ${releasesMade};`);
    deployStaged(webRoot, 'reports', stageCopy(webRoot, 'reports', build), INFO, undefined, canary);
    await rm(build, { recursive: true, force: true });
  }
  releasesMade += 1;
}
const INFO = { builtAt: '2026-11-23T07:00:00.000Z', commit: '0123abcd4567' };

interface Tools {
  ctx: TestContext;
  admin: string;
  staff: string;
  /** Inserts a row straight into the database (no audit row) and answers its id. */
  insert(table: string, values: Record<string, string>): Promise<number>;
}

interface Case {
  /** What the call does, for the test name. */
  does: string;
  status: number;
  /** Builds the call; whatever it writes first is not counted. */
  prepare(tools: Tools): Promise<InjectOptions>;
  /** False for a refused sign-in: nothing else changes, so there is no transaction to share. */
  sharesTransaction?: boolean;
  /** The audit rows it writes when it is two changes in one (a correction: reverse, create). */
  auditRows?: number;
}

let newUsers = 0;
const PASSWORDS = [ADMIN.password, STAFF.password, 'new-user-pass-1', 'changed-pass-2'];
const tokensSeen: string[] = [];

const party = (tools: Tools, kind: 'client' | 'employee' | 'expense') =>
  kind === 'client'
    ? tools.insert('clients', { name: 'Buyer', email: 'b@test.local', company_name: 'Co' })
    : kind === 'employee'
      ? tools.insert('employees', { name: 'Ali', email: 'a@test.local', number: '0300' })
      : tools.insert('expense_types', { expancetype: `Rent ${tokensSeen.length}-${Date.now()}` });

const as = (token: string, method: InjectOptions['method'], url: string, payload?: object) =>
  ({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) }) as InjectOptions;

/** A PDF of its own each time, so that each upload stores a new file (none is shared). */
let pdfs = 0;
const pdf = () =>
  Buffer.from(`%PDF-1.4\n% receipt ${(pdfs += 1)}\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`);

/** A multipart call: the form's fields first, then PDFs as the receipts. */
function upload(
  token: string,
  url: string,
  fields: Record<string, string> = {},
  files = 1,
): InjectOptions {
  const boundary = '----audit-receipt-boundary';
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const payload = Buffer.concat([
    Buffer.from(
      Object.entries(fields)
        .map(([name, value]) => field(name, value))
        .join(''),
    ),
    ...Array.from({ length: files }, (_, i) => [
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="receipt"; filename="bill${i}.pdf"\r\n` +
          'Content-Type: application/pdf\r\n\r\n',
      ),
      pdf(),
      Buffer.from('\r\n'),
    ]).flat(),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  return {
    method: 'POST',
    url,
    payload,
    headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** An expense entry written straight into the database (no audit row). */
async function expenseEntry(tools: Tools) {
  return tools.insert('entries', {
    kind: 'expense',
    expense_type_id: String(await party(tools, 'expense')),
    party_name: 'Rent',
    amount: '20.00',
    credit_debit: 'Credit',
    description: 'Paper',
  });
}

const totp = new TOTP({ crypto: new NobleCryptoPlugin(), base32: new ScureBase32Plugin() });
let usersMade = 0;
const securityAdmins = new WeakMap<Tools, string>();

/** A new signed-in staff user of its own, so that a case can change its account freely. */
async function freshUser(tools: Tools, role: 'staff' | 'admin' = 'staff') {
  usersMade += 1;
  const who = { email: `own${usersMade}@test.local`, password: 'new-user-pass-1' };
  const created = await tools.ctx.app.inject(
    as(tools.admin, 'POST', '/api/users/register', { name: `Own ${usersMade}`, ...who, role }),
  );
  const { id } = created.json<{ user: { id: number } }>().user;
  return { id, ...who, token: await login(tools.ctx.app, who) };
}

/** A new user with two-step sign-in on; answers it with its secret and recovery codes. */
async function userWithTwoStep(tools: Tools, role: 'staff' | 'admin' = 'staff') {
  const user = await freshUser(tools, role);
  const setup = await tools.ctx.app.inject(as(user.token, 'POST', '/api/account/two-step/setup'));
  const { secret } = setup.json<{ secret: string }>();
  const code = await totp.generate({ secret });
  const on = await tools.ctx.app.inject(
    as(user.token, 'POST', '/api/account/two-step/enable', { code }),
  );
  return { ...user, secret, recoveryCodes: on.json<{ recoveryCodes: string[] }>().recoveryCodes };
}

/** The code step of a sign-in for a user with two-step on. */
async function codeStep(tools: Tools, code: (user: { recoveryCodes: string[] }) => string) {
  const user = await userWithTwoStep(tools);
  const password = await tools.ctx.app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { email: user.email, password: user.password },
  });
  const { challenge } = password.json<{ twoStep: { challenge: string } }>().twoStep;
  return {
    method: 'POST',
    url: '/api/users/login/code',
    payload: { challenge, code: code(user) },
  } as InjectOptions;
}

/** Money accounts, statements and reconciliation (issue 33): the rows a case starts from. */
let bankRows = 0;
const bankAccount = (tools: Tools) =>
  tools.insert('accounts', {
    name: `Bank ${(bankRows += 1)}`,
    kind: 'Bank',
    opening_balance: '0',
    opening_date: '2026-01-01',
  });
/** An account with one unmatched statement line of -20.00 on 2026-01-05. */
async function statementLine(tools: Tools) {
  const account = await bankAccount(tools);
  const importId = await tools.insert('statement_imports', {
    account_id: String(account),
    file_name: 'statement.csv',
    sha256: 'a'.repeat(64),
    format: 'csv',
    lines_added: '1',
    lines_known: '0',
  });
  const line = await tools.insert('statement_lines', {
    account_id: String(account),
    import_id: String(importId),
    line_date: '2026-01-05',
    amount: '-20.00',
    description: 'Rent',
    fingerprint: `2026-01-05|-2000|rent|${(bankRows += 1)}`,
    position: '1',
  });
  return { account, importId, line };
}
/** The line above and an expense of the account that matches it. */
async function lineAndEntry(tools: Tools) {
  const found = await statementLine(tools);
  const entry = await tools.insert('entries', {
    kind: 'expense',
    expense_type_id: String(await party(tools, 'expense')),
    party_name: 'Rent',
    amount: '20.00',
    credit_debit: 'Credit',
    description: 'Rent',
    entry_date: '2026-01-05',
    account_id: String(found.account),
  });
  return { ...found, entry };
}
let statementsSent = 0;
const statementUpload = (token: string, account: number): InjectOptions => {
  const boundary = '----audit-statement-boundary';
  statementsSent += 1;
  return {
    method: 'POST',
    url: `/api/accounts/${account}/statements`,
    headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: uploadBody(
      boundary,
      'statement.csv',
      Buffer.from(`Date,Description,Amount\n2026-01-05,Line ${statementsSent},-1.00\n`),
      {},
    ),
  };
};

let ledgerRows = 0;
/** The id of the starting chart's account with `role` (migration 037). */
const ledgerAccount = async (tools: Tools, role: string) =>
  Number((await rows(tools.ctx, `SELECT id FROM ledger_accounts WHERE role = '${role}'`))[0]!.id);
/** An adjustment between two accounts no entry form keeps. */
const voucherCall = async (tools: Tools) =>
  as(tools.admin, 'POST', '/api/ledger/vouchers', {
    date: '2026-01-05',
    description: 'Accrued salaries',
    lines: [
      { accountId: await ledgerAccount(tools, 'other_income'), debit: 100 },
      { accountId: await ledgerAccount(tools, 'salaries_payable'), credit: 100 },
    ],
  });

const CASES: Record<string, Case[]> = {
  'POST /api/accounts': [
    {
      does: 'adds a money account',
      status: 201,
      prepare: async (tools) =>
        as(tools.admin, 'POST', '/api/accounts', {
          name: `Savings ${(bankRows += 1)}`,
          kind: 'Bank',
          openingBalance: 0,
          openingDate: '2026-01-01',
        }),
    },
  ],
  'PUT /api/accounts/{id}': [
    {
      does: 'changes a money account',
      status: 200,
      prepare: async (tools) =>
        as(tools.admin, 'PUT', `/api/accounts/${await bankAccount(tools)}`, {
          name: `Renamed ${(bankRows += 1)}`,
          kind: 'Bank',
          openingBalance: 10,
          openingDate: '2026-01-01',
        }),
    },
  ],
  'POST /api/ledger/accounts': [
    {
      does: 'adds a ledger account',
      status: 201,
      prepare: async (tools) =>
        as(tools.admin, 'POST', '/api/ledger/accounts', {
          code: `22${(ledgerRows += 1)}`,
          name: 'Director loan',
          type: 'Liability',
        }),
    },
  ],
  'PUT /api/ledger/accounts/{id}': [
    {
      does: 'changes a ledger account',
      status: 200,
      prepare: async (tools) =>
        as(
          tools.admin,
          'PUT',
          `/api/ledger/accounts/${await ledgerAccount(tools, 'other_income')}`,
          {
            code: '4100',
            name: `Bank profit ${(ledgerRows += 1)}`,
            type: 'Income',
          },
        ),
    },
  ],
  'POST /api/ledger/vouchers': [
    {
      does: 'posts a voucher',
      status: 201,
      prepare: async (tools) => voucherCall(tools),
    },
  ],
  'POST /api/ledger/vouchers/{id}/reverse': [
    {
      does: 'reverses a voucher',
      status: 201,
      prepare: async (tools) => {
        const posted = await tools.ctx.app.inject(await voucherCall(tools));
        return as(tools.admin, 'POST', `/api/ledger/vouchers/${posted.json().voucher.id}/reverse`, {
          reason: 'not agreed',
        });
      },
    },
  ],
  'POST /api/accounts/transfers': [
    {
      does: 'moves money between accounts',
      status: 201,
      prepare: async (tools) =>
        as(tools.staff, 'POST', '/api/accounts/transfers', {
          fromAccountId: 1,
          toAccountId: await bankAccount(tools),
          amount: 50,
          date: '2026-01-05',
        }),
    },
  ],
  'POST /api/accounts/transfers/{id}/reverse': [
    {
      does: 'reverses a transfer',
      status: 201,
      prepare: async (tools) => {
        const transfer = await tools.insert('account_transfers', {
          from_account_id: '1',
          to_account_id: String(await bankAccount(tools)),
          amount: '50.00',
          transfer_date: '2026-01-05',
        });
        return as(tools.staff, 'POST', `/api/accounts/transfers/${transfer}/reverse`, {
          reason: 'wrong account',
        });
      },
    },
  ],
  'POST /api/accounts/{id}/statements': [
    {
      does: 'imports a bank statement',
      status: 201,
      prepare: async (tools) => statementUpload(tools.staff, await bankAccount(tools)),
    },
  ],
  'POST /api/accounts/{id}/statements/{importId}/undo': [
    {
      does: 'undoes a statement import',
      status: 200,
      prepare: async (tools) => {
        const { account, importId } = await statementLine(tools);
        return as(tools.staff, 'POST', `/api/accounts/${account}/statements/${importId}/undo`, {
          reason: 'wrong file',
        });
      },
    },
  ],
  'POST /api/accounts/{id}/matches': [
    {
      does: 'matches a statement line to an entry',
      status: 201,
      prepare: async (tools) => {
        const { account, line, entry } = await lineAndEntry(tools);
        return as(tools.staff, 'POST', `/api/accounts/${account}/matches`, {
          lineId: line,
          entryIds: [entry],
        });
      },
    },
  ],
  'POST /api/accounts/{id}/matches/lines': [
    {
      does: 'matches one entry to two statement lines that add up to it',
      status: 201,
      // One row per line matched.
      auditRows: 2,
      prepare: async (tools) => {
        const { account, line, entry, importId } = await lineAndEntry(tools);
        await rows(tools.ctx, `UPDATE statement_lines SET amount = -5.00 WHERE id = ${line}`);
        const other = await tools.insert('statement_lines', {
          account_id: String(account),
          import_id: String(importId),
          line_date: '2026-01-06',
          amount: '-15.00',
          description: 'Rent part 2',
          fingerprint: `2026-01-06|-1500|rent|${(bankRows += 1)}`,
          position: '2',
        });
        return as(tools.staff, 'POST', `/api/accounts/${account}/matches/lines`, {
          entryId: entry,
          lineIds: [line, other],
        });
      },
    },
  ],
  'POST /api/accounts/{id}/matches/accept-suggested': [
    {
      does: 'accepts the one strong suggestion',
      status: 200,
      prepare: async (tools) => {
        const { account } = await lineAndEntry(tools);
        return as(tools.staff, 'POST', `/api/accounts/${account}/matches/accept-suggested`);
      },
    },
  ],
  'DELETE /api/accounts/{id}/matches/{lineId}': [
    {
      does: 'undoes a match with a reason',
      status: 200,
      prepare: async (tools) => {
        const { account, line, entry } = await lineAndEntry(tools);
        await tools.insert('statement_matches', {
          line_id: String(line),
          account_id: String(account),
          entry_id: String(entry),
        });
        await rows(tools.ctx, `UPDATE statement_lines SET status = 'matched' WHERE id = ${line}`);
        return as(tools.staff, 'DELETE', `/api/accounts/${account}/matches/${line}`, {
          reason: 'wrong entry',
        });
      },
    },
  ],
  'POST /api/accounts/{id}/lines/{lineId}/exclude': [
    {
      does: 'excludes a statement line',
      status: 200,
      prepare: async (tools) => {
        const { account, line } = await statementLine(tools);
        return as(tools.staff, 'POST', `/api/accounts/${account}/lines/${line}/exclude`, {
          reason: 'internal reversal',
        });
      },
    },
  ],
  'DELETE /api/accounts/{id}/lines/{lineId}/exclude': [
    {
      does: 'undoes an exclusion with a reason',
      status: 200,
      prepare: async (tools) => {
        const { account, line } = await statementLine(tools);
        await rows(
          tools.ctx,
          `UPDATE statement_lines SET status = 'excluded', excluded_reason = 'internal reversal'
           WHERE id = ${line}`,
        );
        return as(tools.staff, 'DELETE', `/api/accounts/${account}/lines/${line}/exclude`, {
          reason: 'it was a real charge',
        });
      },
    },
  ],
  'POST /api/accounts/{id}/lines/{lineId}/entry': [
    {
      does: 'records the entry a line shows and matches it',
      status: 201,
      prepare: async (tools) => {
        const { account, line } = await statementLine(tools);
        return as(tools.staff, 'POST', `/api/accounts/${account}/lines/${line}/entry`, {
          kind: 'expense',
          partyId: await party(tools, 'expense'),
        });
      },
    },
  ],
  'POST /api/accounts/{id}/reconciled': [
    {
      does: 'marks an account reconciled through a day',
      status: 200,
      prepare: async (tools) =>
        as(tools.staff, 'POST', `/api/accounts/${await bankAccount(tools)}/reconciled`, {
          through: '2026-01-31',
          closingBalance: 0,
        }),
    },
  ],
  'POST /api/bank-rules': [
    {
      does: 'adds a bank rule',
      status: 201,
      prepare: async (tools) =>
        as(tools.staff, 'POST', '/api/bank-rules', {
          contains: 'charge',
          kind: 'expense',
          partyId: await party(tools, 'expense'),
        }),
    },
  ],
  'PUT /api/bank-rules/{id}': [
    {
      does: 'switches a bank rule off',
      status: 200,
      prepare: async (tools) => {
        const partyId = await party(tools, 'expense');
        const rule = await tools.insert('bank_rules', {
          contains: 'charge',
          kind: 'expense',
          party_id: String(partyId),
        });
        return as(tools.staff, 'PUT', `/api/bank-rules/${rule}`, {
          contains: 'charge',
          kind: 'expense',
          partyId,
          enabled: false,
        });
      },
    },
  ],
  'PUT /api/bank-settings': [
    {
      does: 'changes the days a suggestion may lie from its line',
      status: 200,
      prepare: async (tools) => as(tools.admin, 'PUT', '/api/bank-settings', { suggestionDays: 5 }),
    },
  ],
  'POST /api/users/login/code': [
    {
      does: 'signs in with a recovery code',
      status: 200,
      prepare: (tools) => codeStep(tools, (user) => user.recoveryCodes[0] ?? ''),
    },
    {
      does: 'refuses a wrong code',
      status: 401,
      sharesTransaction: false,
      prepare: (tools) => codeStep(tools, () => 'wrong-code'),
    },
  ],
  'PUT /api/account/password': [
    {
      does: 'changes the own password',
      status: 200,
      prepare: async (tools) => {
        const user = await freshUser(tools);
        return as(user.token, 'PUT', '/api/account/password', {
          currentPassword: user.password,
          newPassword: 'changed-pass-2',
        });
      },
    },
  ],
  'PUT /api/account/preferences': [
    {
      does: 'turns on confirming saves with a notice',
      status: 200,
      prepare: async (tools) =>
        as((await freshUser(tools)).token, 'PUT', '/api/account/preferences', {
          confirmWithNotice: true,
        }),
    },
  ],
  'POST /api/account/two-step/setup': [
    {
      does: 'issues a two-step secret',
      status: 200,
      prepare: async (tools) =>
        as((await freshUser(tools)).token, 'POST', '/api/account/two-step/setup'),
    },
  ],
  'POST /api/account/two-step/enable': [
    {
      does: 'turns two-step sign-in on',
      status: 200,
      prepare: async (tools) => {
        const user = await freshUser(tools);
        const setup = await tools.ctx.app.inject(
          as(user.token, 'POST', '/api/account/two-step/setup'),
        );
        const code = await totp.generate({ secret: setup.json<{ secret: string }>().secret });
        return as(user.token, 'POST', '/api/account/two-step/enable', { code });
      },
    },
  ],
  'POST /api/account/two-step/disable': [
    {
      does: 'turns the own two-step sign-in off',
      status: 200,
      prepare: async (tools) => {
        const user = await userWithTwoStep(tools);
        return as(user.token, 'POST', '/api/account/two-step/disable', {
          password: user.password,
        });
      },
    },
  ],
  'DELETE /api/users/two-step/{id}': [
    {
      does: "turns a user's two-step sign-in off",
      status: 200,
      prepare: async (tools) =>
        as(tools.admin, 'DELETE', `/api/users/two-step/${(await userWithTwoStep(tools)).id}`),
    },
  ],
  'PUT /api/settings/security': [
    {
      does: 'requires two-step sign-in of admins, or no longer',
      status: 200,
      // An admin with two-step on (only they may require it) turns the setting over.
      prepare: async (tools) => {
        // Once required, the first admin (who has no two-step) can add nobody: the admin made
        // for the first call makes the second.
        const token = securityAdmins.get(tools) ?? (await userWithTwoStep(tools, 'admin')).token;
        securityAdmins.set(tools, token);
        const now = await tools.ctx.app.inject(as(token, 'GET', '/api/settings/security'));
        const { requireTwoStepForAdmins } = now.json<{ requireTwoStepForAdmins: boolean }>();
        return as(token, 'PUT', '/api/settings/security', {
          requireTwoStepForAdmins: !requireTwoStepForAdmins,
        });
      },
    },
  ],
  'POST /api/users/login': [
    {
      does: 'signs in',
      status: 200,
      prepare: async () => ({ method: 'POST', url: '/api/users/login', payload: ADMIN }),
    },
    {
      does: 'refuses a wrong password',
      status: 401,
      sharesTransaction: false,
      prepare: async () => ({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: ADMIN.email, password: 'wrong-password' },
      }),
    },
  ],
  'POST /api/users/logout': [
    {
      does: 'signs out',
      status: 200,
      prepare: async ({ ctx }) => as(await login(ctx.app, STAFF), 'POST', '/api/users/logout'),
    },
  ],
  'POST /api/users/register': [
    {
      does: 'adds a user',
      status: 201,
      prepare: async ({ admin }) =>
        as(admin, 'POST', '/api/users/register', {
          // A name of its own each time: a second user named like the first is refused.
          name: `New ${(newUsers += 1)}`,
          email: `new${Date.now()}@test.local`,
          password: 'new-user-pass-1',
        }),
    },
  ],
  'PUT /api/users/updateuser/{id}': [
    {
      does: "changes a user's name",
      status: 200,
      prepare: async ({ admin }) =>
        as(admin, 'PUT', '/api/users/updateuser/2', { name: 'Renamed', role: 'staff' }),
    },
    {
      does: "changes a user's password and role",
      status: 200,
      prepare: async ({ admin }) =>
        as(admin, 'PUT', '/api/users/updateuser/2', {
          name: 'Staff Member',
          role: 'admin',
          password: 'changed-pass-2',
        }),
    },
  ],
  'DELETE /api/users/deleteUser/{id}': [
    {
      does: 'deletes a user',
      status: 200,
      prepare: async (tools) => {
        const id = await tools.insert('users', {
          name: 'Leaving',
          email: `leaving${Date.now()}@test.local`,
          password_hash: 'not-a-real-hash',
        });
        return as(tools.admin, 'DELETE', `/api/users/deleteUser/${id}`);
      },
    },
  ],
  'POST /api/employees/addEmployee': [
    {
      does: 'adds an employee',
      status: 201,
      prepare: async ({ staff }) =>
        as(staff, 'POST', '/api/employees/addEmployee', {
          name: 'Ali',
          email: 'ali@test.local',
          number: '0300111',
        }),
    },
  ],
  'PUT /api/employees/updateEmployee/{id}': [
    {
      does: 'changes an employee',
      status: 200,
      prepare: async (tools) =>
        as(tools.staff, 'PUT', `/api/employees/updateEmployee/${await party(tools, 'employee')}`, {
          name: 'Ali B',
          email: 'ali@test.local',
          number: '0300111',
        }),
    },
  ],
  'DELETE /api/employees/deleteEmployee/{id}': [
    {
      does: 'deletes an employee',
      status: 200,
      prepare: async (tools) =>
        as(
          tools.staff,
          'DELETE',
          `/api/employees/deleteEmployee/${await party(tools, 'employee')}`,
        ),
    },
  ],
  'POST /api/clients/addClient': [
    {
      does: 'adds a client',
      status: 201,
      prepare: async ({ staff }) =>
        as(staff, 'POST', '/api/clients/addClient', {
          name: 'Buyer',
          email: 'buyer@test.local',
          companyName: 'Co',
        }),
    },
  ],
  'PUT /api/clients/updateClient/{id}': [
    {
      does: 'changes a client',
      status: 200,
      prepare: async (tools) =>
        as(tools.staff, 'PUT', `/api/clients/updateClient/${await party(tools, 'client')}`, {
          name: 'Buyer',
          email: 'buyer@test.local',
          companyName: 'New Co',
        }),
    },
  ],
  'DELETE /api/clients/deleteClient/{id}': [
    {
      does: 'deletes a client',
      status: 200,
      prepare: async (tools) =>
        as(tools.staff, 'DELETE', `/api/clients/deleteClient/${await party(tools, 'client')}`),
    },
  ],
  'POST /api/expance/addexpancetype': [
    {
      does: 'adds an expense type',
      status: 201,
      prepare: async ({ staff }) =>
        as(staff, 'POST', '/api/expance/addexpancetype', { expancetype: `Fuel ${Date.now()}` }),
    },
  ],
  'PUT /api/expance/updateexpancetype/{id}': [
    {
      does: 'renames an expense type',
      status: 200,
      prepare: async (tools) =>
        as(tools.staff, 'PUT', `/api/expance/updateexpancetype/${await party(tools, 'expense')}`, {
          expancetype: `Renamed ${Date.now()}`,
        }),
    },
  ],
  'DELETE /api/expance/deleteexpance/{id}': [
    {
      does: 'deletes an expense type',
      status: 200,
      prepare: async (tools) =>
        as(tools.staff, 'DELETE', `/api/expance/deleteexpance/${await party(tools, 'expense')}`),
    },
  ],
  'PUT /api/expance/D_A_xpancetype/{id}/{currentStatus}': [
    {
      does: 'suspends an expense type',
      status: 200,
      prepare: async (tools) =>
        as(
          tools.staff,
          'PUT',
          `/api/expance/D_A_xpancetype/${await party(tools, 'expense')}/Active`,
        ),
    },
  ],
  'POST /api/expance/addexpance': [
    {
      does: 'records an expense',
      status: 201,
      prepare: async (tools) =>
        as(tools.staff, 'POST', '/api/expance/addexpance', {
          expanceTypeId: await party(tools, 'expense'),
          amount: 10.5,
          description: 'Rent',
          Creditdebit: 'Credit',
        }),
    },
  ],
  'POST /api/expance/addsalery': [
    {
      does: 'records a salary',
      status: 201,
      prepare: async (tools) =>
        as(tools.staff, 'POST', '/api/expance/addsalery', {
          employeeId: await party(tools, 'employee'),
          amount: 100,
          description: 'March',
          Creditdebit: 'Credit',
        }),
    },
  ],
  'POST /api/incoms/addIncome': [
    {
      does: 'records an income',
      status: 201,
      prepare: async (tools) =>
        as(tools.staff, 'POST', '/api/incoms/addIncome', {
          clientId: await party(tools, 'client'),
          amount: 99.99,
          description: 'Invoice',
          Creditdebit: 'Debit',
        }),
    },
  ],
  'POST /api/journal/{id}/reverse': [
    {
      does: 'reverses an entry',
      status: 201,
      prepare: async (tools) => {
        const recorded = await tools.ctx.app.inject(
          as(tools.staff, 'POST', '/api/incoms/addIncome', {
            clientId: await party(tools, 'client'),
            amount: 12.5,
            description: 'To reverse',
            Creditdebit: 'Credit',
          }),
        );
        const { entry } = recorded.json<{ entry: { id: number } }>();
        return as(tools.staff, 'POST', `/api/journal/${entry.id}/reverse`, { reason: 'Typo' });
      },
    },
  ],
  'POST /api/journal/{id}/correct': [
    {
      does: 'corrects an entry: its reversal and the corrected entry',
      status: 201,
      auditRows: 2,
      prepare: async (tools) => {
        const recorded = await tools.ctx.app.inject(
          as(tools.staff, 'POST', '/api/incoms/addIncome', {
            clientId: await party(tools, 'client'),
            amount: 12.5,
            description: 'To correct',
            Creditdebit: 'Credit',
          }),
        );
        const { entry } = recorded.json<{ entry: { id: number } }>();
        return as(tools.staff, 'POST', `/api/journal/${entry.id}/correct`, {
          reason: 'Typo',
          amount: 15,
        });
      },
    },
  ],
  'POST /api/batches/{id}/reverse': [
    {
      does: 'undoes a batch of entries',
      status: 200,
      prepare: async (tools) => {
        const batch = await tools.insert('entry_batches', { kind: 'import', label: 'bank.csv' });
        await tools.insert('entries', {
          kind: 'income',
          client_id: String(await party(tools, 'client')),
          party_name: 'A client',
          amount: '10.00',
          credit_debit: 'Credit',
          description: 'Imported',
          batch_id: String(batch),
        });
        return as(tools.staff, 'POST', `/api/batches/${batch}/reverse`, { reason: 'Wrong file' });
      },
    },
  ],
  'PUT /api/expance/{id}/budget': [
    {
      does: "sets an expense type's monthly budget",
      status: 200,
      prepare: async (tools) =>
        as(tools.admin, 'PUT', `/api/expance/${await party(tools, 'expense')}/budget`, {
          monthly: 1500,
        }),
    },
  ],
  'POST /api/month-end/close': [
    {
      does: 'closes last month',
      status: 200,
      // The books closed through the month before it first, so that no earlier month is open.
      prepare: async ({ ctx, admin }) => {
        const thisMonth = monthOf(todayIn('UTC'));
        const lastMonth = monthOf(addDays(thisMonth.from, -1));
        await ctx.app.inject(
          as(admin, 'PUT', '/api/journal/closed', { closedThrough: addDays(lastMonth.from, -1) }),
        );
        return as(admin, 'POST', '/api/month-end/close', { month: lastMonth.from.slice(0, 7) });
      },
    },
  ],
  'PUT /api/journal/closed': [
    {
      does: 'moves the closed-books date',
      status: 200,
      prepare: async ({ admin }) =>
        as(admin, 'PUT', '/api/journal/closed', { closedThrough: '2000-01-31' }),
    },
  ],
  'DELETE /api/sessions/others': [
    {
      does: "ends the caller's other sessions",
      status: 200,
      prepare: async ({ ctx, staff }) => {
        await login(ctx.app, STAFF);
        return as(staff, 'DELETE', '/api/sessions/others');
      },
    },
  ],
  'DELETE /api/sessions/{id}': [
    {
      does: 'ends one session',
      status: 200,
      prepare: async ({ ctx, admin }) => {
        await login(ctx.app, STAFF);
        const [row] = await rows<{ id: number }>(ctx, 'SELECT max(id)::int AS id FROM sessions');
        return as(admin, 'DELETE', `/api/sessions/${row?.id}`);
      },
    },
  ],
  'POST /api/releases/{remote}/promote': [
    {
      does: "serves a remote's canary to everyone",
      status: 200,
      prepare: async ({ admin }) => {
        await servedAndCanary();
        return as(admin, 'POST', '/api/releases/reports/promote');
      },
    },
  ],
  'POST /api/releases/{remote}/rollback': [
    {
      does: "ends a remote's canary",
      status: 200,
      prepare: async ({ admin }) => {
        await servedAndCanary();
        return as(admin, 'POST', '/api/releases/reports/rollback');
      },
    },
  ],
  'POST /api/backups': [
    {
      does: 'takes a backup now',
      status: 201,
      prepare: async ({ admin }) => as(admin, 'POST', '/api/backups'),
    },
  ],
  'POST /api/receipts/entries': [
    {
      does: 'records an expense with two receipts',
      status: 201,
      prepare: async (tools) =>
        upload(
          tools.staff,
          '/api/receipts/entries',
          {
            kind: 'expense',
            entry: JSON.stringify({
              expanceTypeId: await party(tools, 'expense'),
              amount: 30,
              description: 'Toner',
              Creditdebit: 'Credit',
            }),
          },
          2,
        ),
    },
  ],
  'POST /api/journal/{id}/receipts': [
    {
      does: 'attaches two receipts to an entry',
      status: 201,
      prepare: async (tools) =>
        upload(tools.staff, `/api/journal/${await expenseEntry(tools)}/receipts`, {}, 2),
    },
  ],
  'POST /api/receipts/{id}/remove': [
    {
      does: 'removes a receipt with a reason',
      status: 200,
      prepare: async (tools) => {
        const attached = await tools.ctx.app.inject(
          upload(tools.staff, `/api/journal/${await expenseEntry(tools)}/receipts`),
        );
        const [receipt] = attached.json<{ receipts: { id: number }[] }>().receipts;
        return as(tools.staff, 'POST', `/api/receipts/${receipt?.id}/remove`, {
          reason: 'Wrong file',
        });
      },
    },
  ],
  'DELETE /api/sessions/user/{id}': [
    {
      does: "ends all of a user's sessions",
      status: 200,
      prepare: async ({ admin }) => as(admin, 'DELETE', '/api/sessions/user/2'),
    },
  ],
  'POST /api/payroll': [
    {
      does: "posts a month's payroll as one batch",
      status: 201,
      prepare: async (tools) => {
        const employeeId = await party(tools, 'employee');
        return as(tools.staff, 'POST', '/api/payroll', {
          month: new Date().toISOString().slice(0, 7),
          lines: [{ employeeId, amount: 1000 }],
        });
      },
    },
  ],
  'POST /api/recurring': [
    {
      does: 'adds a schedule of a repeating entry',
      status: 201,
      prepare: async (tools) =>
        as(tools.staff, 'POST', '/api/recurring', {
          kind: 'income',
          partyId: await party(tools, 'client'),
          creditDebit: 'Debit',
          amount: 500,
          description: 'Retainer',
          repeats: 'monthly',
          starts: '2026-01-15',
        }),
    },
  ],
  'PUT /api/recurring/{id}/state': [
    {
      does: 'pauses a schedule',
      status: 200,
      prepare: async (tools) =>
        as(tools.staff, 'PUT', `/api/recurring/${await schedule(tools)}/state`, {
          state: 'paused',
        }),
    },
  ],
  'PUT /api/recurring/{id}/auto-post': [
    {
      does: "turns a schedule's automatic posting on",
      status: 200,
      prepare: async (tools) =>
        as(tools.admin, 'PUT', `/api/recurring/${await schedule(tools)}/auto-post`, {
          autoPost: true,
        }),
    },
  ],
  'POST /api/recurring/post': [
    {
      does: 'posts a due occurrence',
      status: 201,
      prepare: async (tools) =>
        as(tools.staff, 'POST', '/api/recurring/post', {
          occurrences: [{ scheduleId: await schedule(tools), date: '2026-01-15' }],
        }),
    },
  ],
  'POST /api/recurring/skip': [
    {
      does: 'skips a due occurrence',
      status: 200,
      prepare: async (tools) =>
        as(tools.staff, 'POST', '/api/recurring/skip', {
          scheduleId: await schedule(tools),
          date: '2026-01-15',
        }),
    },
  ],
  'POST /api/imports': [
    {
      does: 'imports a file of entries as one batch',
      status: 201,
      prepare: async (tools) => {
        const name = `Import buyer ${(importsMade += 1)}`;
        await tools.insert('clients', { name, email: 'i@test.local', company_name: 'Co' });
        return uploadCsv(
          tools.staff,
          '/api/imports',
          `Date,Client,Amount\n2020-01-02,${name},10\n`,
        );
      },
    },
  ],
  'PUT /api/settings/company': [
    {
      does: 'saves the company details',
      status: 200,
      prepare: async ({ admin }) =>
        as(admin, 'PUT', '/api/settings/company', { name: 'Audited Company' }),
    },
  ],
  'PUT /api/settings/company/logo': [
    {
      does: 'sets the logo',
      status: 200,
      prepare: async ({ admin }) =>
        as(admin, 'PUT', '/api/settings/company/logo', {
          // A 1x1 PNG.
          logo: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGMQCVjwHwADhAIEWAExyQAAAABJRU5ErkJggg==',
        }),
    },
  ],
  'DELETE /api/settings/company/logo': [
    {
      does: 'removes the logo',
      status: 200,
      prepare: async ({ admin }) => as(admin, 'DELETE', '/api/settings/company/logo'),
    },
  ],
};

/** A monthly income schedule from 2026-01-15, written without an audit row; its id. */
async function schedule(tools: Tools): Promise<number> {
  return tools.insert('recurring_schedules', {
    kind: 'income',
    client_id: String(await party(tools, 'client')),
    amount: '500.00',
    credit_debit: 'Debit',
    description: 'Retainer',
    repeats: 'monthly',
    starts_on: '2026-01-15',
  });
}

/** Calls that are not GETs yet change nothing: a preview reads a file and writes nothing. */
// The shell's health reports add to counts of screen loads: no change of the books or of anyone's
// access, nothing an audit row would say (what is decided on the counts is recorded).
const WRITES_NOTHING = [
  'POST /api/imports/preview',
  'POST /api/accounts/{id}/statements/preview',
  'POST /api/remote-health',
];

let importsMade = 0;
/** A multipart upload of a CSV of income entries, as the Import screen sends it. */
function uploadCsv(token: string, url: string, csv: string): InjectOptions {
  const boundary = 'audit-import';
  return {
    method: 'POST',
    url,
    headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload:
      `--${boundary}\r\nContent-Disposition: form-data; name="options"\r\n\r\n{"kind":"income"}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bank.csv"\r\n\r\n` +
      `${csv}\r\n--${boundary}--\r\n`,
  };
}

/** What every table holds (helpers.ts): to see that nothing changed. */
const snapshot = tableContents;

const auditCount = async (ctx: TestContext) =>
  (await rows<{ n: number }>(ctx, 'SELECT count(*)::int AS n FROM audit_log'))[0]?.n ?? 0;

// One app for the file, its tables emptied before each case (building one per case cost some 0.1 s
// of processor time). Its canary watch stays off: a look every 30 s could decide on counts an
// earlier case left, and write an audit row in the midst of a later one.
async function tools(): Promise<Tools> {
  const ctx = await db.resetKeepingApp({ scheduleBackups: false, watchRollout: false });
  const { admin, staff } = await signInBoth(ctx.app);
  tokensSeen.push(admin, staff);
  return {
    ctx,
    admin,
    staff,
    async insert(table, values) {
      const columns = Object.keys(values).join(', ');
      const literals = Object.values(values)
        .map((value) => `'${value.replace(/'/g, "''")}'`)
        .join(', ');
      const [row] = await rows<{ id: number }>(
        ctx,
        `INSERT INTO ${table} (${columns}) VALUES (${literals}) RETURNING id`,
      );
      return row!.id;
    },
  };
}

async function send(ctx: TestContext, request: InjectOptions) {
  const response = await ctx.app.inject(request);
  const token = (response.json() as { token?: unknown }).token;
  if (typeof token === 'string') tokensSeen.push(token);
  return response;
}

describe('audit completeness', () => {
  it('has a case for every route that changes data', async () => {
    const { ctx } = await tools();
    const spec = ctx.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const changing = Object.entries(spec.paths).flatMap(([path, operations]) =>
      Object.keys(operations)
        .filter((method) => !['get', 'head', 'options'].includes(method))
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(changing.length).toBeGreaterThan(15);
    expect(
      changing.filter((route) => !(route in CASES) && !WRITES_NOTHING.includes(route)),
    ).toEqual([]);
  });

  const cases = Object.entries(CASES).flatMap(([route, list]) =>
    list.map((one) => [route, one.does, one] as const),
  );

  it.each(cases)(
    '%s (%s) writes its audit rows, in its own transaction',
    async (_route, _does, one) => {
      const t = await tools();
      const request = await one.prepare(t);
      const before = await auditCount(t.ctx);
      const response = await send(t.ctx, request);
      expect(response.statusCode).toBe(one.status);
      expect(await auditCount(t.ctx)).toBe(before + (one.auditRows ?? 1));

      if (one.sharesTransaction === false) return;
      // Now the audit row cannot be written: the change must not happen either.
      const again = await one.prepare(t);
      await rows(
        t.ctx,
        `CREATE FUNCTION refuse_audit() RETURNS trigger LANGUAGE plpgsql AS
         $$ BEGIN RAISE EXCEPTION 'audit refused'; END; $$`,
      );
      await rows(
        t.ctx,
        `CREATE TRIGGER refuse_audit_trg BEFORE INSERT ON audit_log
         FOR EACH ROW EXECUTE FUNCTION refuse_audit()`,
      );
      try {
        const unchanged = await snapshot(t.ctx);
        const refused = await send(t.ctx, again);
        expect(refused.statusCode).toBe(500);
        expect(await snapshot(t.ctx)).toEqual(unchanged);
      } finally {
        await rows(t.ctx, 'DROP TRIGGER refuse_audit_trg ON audit_log');
        await rows(t.ctx, 'DROP FUNCTION refuse_audit()');
      }
    },
  );

  it('never stores a password, a password hash or a session token in an audit row', async () => {
    const t = await tools();
    // Every kind of change once more, on one database, then look at everything the log holds.
    // Ending sessions, then changing the staff user, then deleting it go last, in that order:
    // the calls before them sign in as staff. Requiring two-step of admins goes after them all:
    // the first admin, who has none, could do nothing more.
    const rank = (route: string) =>
      [
        'DELETE /api/sessions',
        'PUT /api/users',
        'DELETE /api/users',
        'PUT /api/settings',
      ].findIndex((start) => route.startsWith(start));
    const ordered = Object.entries(CASES).sort(([a], [b]) => rank(a) - rank(b));
    for (const [, list] of ordered) {
      for (const one of list) await send(t.ctx, await one.prepare(t));
    }
    const hashes = await rows<{ h: string }>(
      t.ctx,
      'SELECT password_hash AS h FROM users UNION ALL SELECT token_hash FROM sessions',
    );
    const secrets = [
      ...PASSWORDS,
      ...tokensSeen,
      ...tokensSeen.map((token) => createHash('sha256').update(token).digest('hex')),
      ...hashes.map((row) => row.h),
    ];
    const log = await rows<{ text: string }>(
      t.ctx,
      `SELECT concat_ws('|', action, entity, entity_id, before::text, after::text, address, browser)
         AS text FROM audit_log`,
    );
    expect(log.length).toBeGreaterThan(20);
    const text = log.map((row) => row.text).join('\n');
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/password_hash|token_hash|"password"/i);
  });
});
