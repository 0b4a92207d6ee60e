// Test support: renders the shell at a path, signed in or out, with the dashboard's calls and
// logout answered and page reloads observed.
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { api, page, useSession } from 'shared-ui';
import { endpoints, mockEndpoint } from 'shared-ui/testing';
import { App } from '../App';

export interface RenderAppOptions {
  path?: string;
  token?: string | null;
}

/** `role`: what the session answers about its user (the sidebar shows admin links from it). */
export function stubApi({ role = 'staff' }: { role?: 'staff' | 'admin' } = {}) {
  mockEndpoint(endpoints.getTotals, { admins: 2, employees: 5, clients: 7 });
  mockEndpoint(endpoints.getFinance, { income: 1500.5, salary: 800, expense: 120.25 });
  return {
    logout: mockEndpoint(endpoints.logout, { message: 'Logged out' }),
    // The sidebar's session calls are not on the contract yet: answered at the old client.
    get: jest
      .spyOn(api, 'get')
      .mockImplementation((path: string) =>
        path === '/sessions/current'
          ? Promise.resolve({ user: { id: 1, name: 'Me', email: 'me@test.local', role } })
          : Promise.reject(new Error(`unexpected GET ${path}`)),
      ),
    del: jest
      .spyOn(api, 'del')
      .mockResolvedValue({ message: 'Signed out everywhere else', ended: 2 }),
    reload: jest.spyOn(page, 'reload').mockImplementation(() => undefined),
  };
}

export function renderApp({ path = '/', token = 'test-token' }: RenderAppOptions = {}) {
  window.sessionStorage.clear();
  if (token) window.sessionStorage.setItem('token', token);
  useSession.setState({ token });
  return render(
    <MemoryRouter initialEntries={[path]}>
      <App />
    </MemoryRouter>,
  );
}
