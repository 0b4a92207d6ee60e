// One JSON call to the product's HTTP API, shared by the tests' API helpers and global-setup.

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
