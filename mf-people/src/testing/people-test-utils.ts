// What every People screen test needs: the shared API client and the browser's alert/confirm
// replaced by spies (the client is mocked at its interface, as DESIGN §7 says), and a promise
// settled by hand to look at busy labels while a call is in flight.
import type { ReactElement } from 'react';
import { act, render } from '@testing-library/react';
import { api } from 'shared-ui';
export { deferred } from 'shared-ui/testing';

export interface Spies {
  alert: jest.SpyInstance;
  ask: jest.SpyInstance;
  get: jest.SpyInstance;
  post: jest.SpyInstance;
  put: jest.SpyInstance;
  del: jest.SpyInstance;
}

/** Installs the spies before each test of the calling file; `rows` is what the list answers. */
export function installApiSpies(rows: () => unknown[]): Spies {
  const spies = {} as Spies;
  beforeEach(() => {
    spies.alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
    spies.ask = jest.spyOn(window, 'confirm').mockReturnValue(true);
    spies.get = jest.spyOn(api, 'get').mockImplementation(async () => ({ users: rows() }));
    spies.post = jest.spyOn(api, 'post').mockResolvedValue({ message: 'ok' });
    spies.put = jest.spyOn(api, 'put').mockResolvedValue({ message: 'ok' });
    spies.del = jest.spyOn(api, 'del').mockResolvedValue({ message: 'ok' });
  });
  afterEach(() => jest.restoreAllMocks());
  return spies;
}

/** Renders a page and lets its first list load settle, so no update lands outside act(). */
export async function renderPage(ui: ReactElement) {
  const result = render(ui);
  await act(async () => undefined);
  return result;
}
