// Test data goes in through the API, as any client would: sign in, then call with the token.
import { baseUrl } from './browser';
import { ADMIN } from './env';

/** Calls `/api<path>` as the signed-in user; a non-ok answer fails the test with its message. */
export type ApiCall = <T>(method: string, path: string, body?: unknown) => Promise<T>;

/** Calls `url` on the server at `base`; a non-ok answer throws with its message. */
export async function callAt<T>(
  base: string,
  method: string,
  url: string,
  token?: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const parsed = (await response.json()) as T;
  if (!response.ok)
    throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(parsed)}`);
  return parsed;
}

const request = <T>(method: string, path: string, body: unknown, token?: string): Promise<T> =>
  callAt<T>(baseUrl(), method, `/api${path}`, token, body);

/** Signs in (the admin unless told otherwise) and answers a caller that uses the session. */
export async function apiAs(who: { email: string; password: string } = ADMIN): Promise<ApiCall> {
  const { token } = await request<{ token: string }>('POST', '/users/login', who);
  return (method, path, body) => request(method, path, body, token);
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
