// Test data goes in through the API, as any client would: sign in, then call with the token.
import { callAt } from './api-call';
import { ADMIN, runState } from './env';

export { callAt };

/**
 * An amount in whole cents. The API answers money as decimal strings; subtracting them as numbers
 * leaves binary fractions (4000 comes out 3999.999999999999), so tests compare cents.
 */
export const cents = (amount: number | string): number => Math.round(Number(amount) * 100);

/** Calls `/api<path>` as the signed-in user; a non-ok answer fails the test with its message. */
export type ApiCall = <T>(method: string, path: string, body?: unknown) => Promise<T>;

const request = <T>(method: string, path: string, body: unknown, token?: string): Promise<T> =>
  callAt<T>(runState().url, method, `/api${path}`, token, body);

/**
 * A session token of `who`: the admin's, signed in once by global-setup, or a new sign-in through
 * the API for anyone else (a session the test itself may end).
 */
export async function tokenFor(who: { email: string; password: string } = ADMIN): Promise<string> {
  if (who.email === ADMIN.email && who.password === ADMIN.password) return runState().adminToken;
  return (await request<{ token: string }>('POST', '/users/login', who)).token;
}

/** Calls as `who` (the admin unless told otherwise): a caller that uses their session. */
export async function apiAs(who: { email: string; password: string } = ADMIN): Promise<ApiCall> {
  const token = await tokenFor(who);
  return (method, path, body) => request(method, path, body, token);
}

/** An amount as the screens show it: 1,234.50. */
export const money = (amount: number | string): string =>
  Number(amount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const pad = (n: number) => String(n).padStart(2, '0');
/** The local day `days` before today, as the API and the date fields take it (2025-03-09). */
export const daysAgo = (days: number): string => {
  const now = new Date();
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() - days);
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
};

/** Adds a money account (Accounts' form) and answers its id. */
export async function addAccount(
  call: ApiCall,
  account: {
    name: string;
    kind: 'Bank' | 'Cash';
    openingBalance?: number;
    openingDate?: string;
  } & Record<string, unknown>,
): Promise<number> {
  const added = await call<{ account: { id: number } }>('POST', '/accounts', {
    openingBalance: 0,
    openingDate: daysAgo(40),
    ...account,
  });
  return added.account.id;
}

/** Adds an expense type (the spec's call answers no id) and answers its id. */
export async function addExpenseType(call: ApiCall, name: string): Promise<number> {
  await call('POST', '/expance/addexpancetype', { expancetype: name });
  const { users } = await call<{ users: Array<{ id: number; expancetype: string }> }>(
    'GET',
    '/expance/getExpancetype',
  );
  const found = users.find((type) => type.expancetype === name);
  if (!found) throw new Error(`expense type ${name} was not added`);
  return found.id;
}

/**
 * Imports a CSV bank statement into money account `accountId` as the register's Import statement
 * does (a multipart upload, the columns detected); answers how many lines were added.
 */
export async function importStatement(
  accountId: number,
  fileName: string,
  csv: string,
  who: { email: string; password: string } = ADMIN,
): Promise<number> {
  const form = new FormData();
  form.append('options', JSON.stringify({}));
  form.append('file', new Blob([csv], { type: 'text/csv' }), fileName);
  const response = await fetch(`${runState().url}/api/accounts/${accountId}/statements`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${await tokenFor(who)}` },
    body: form,
  });
  const answer = (await response.json()) as { added?: number };
  if (response.status !== 201)
    throw new Error(`statement import: ${response.status} ${JSON.stringify(answer)}`);
  return answer.added ?? 0;
}
