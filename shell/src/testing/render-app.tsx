// Test support: renders the shell at a path, signed in or out, with the dashboard's calls and
// logout answered and page reloads observed.
import { MemoryRouter } from 'react-router';
import type { Role, SetupStatus } from 'contract/browser';
import { page, useSession } from 'shared-ui';
import { endpoints, mockEndpoint, render } from 'shared-ui/testing';
import { App } from '../App';

export interface RenderAppOptions {
  path?: string;
  token?: string | null;
}

/** An office already set up: the dashboard's Get started list (Dashboard/GetStarted) stays away. */
export const OFFICE_SET_UP: SetupStatus = {
  company: true,
  expenseTypes: true,
  clients: true,
  employees: true,
  accounts: true,
  firstEntry: true,
};

/**
 * `role`: what the session answers about its user (the sidebar shows admin links from it, and
 * leaves the entry forms out for a viewer).
 */
export function stubApi({ role = 'staff' }: { role?: Role } = {}) {
  mockEndpoint(endpoints.getTotals, { admins: 2, employees: 5, clients: 7 });
  mockEndpoint(endpoints.getFinance, { income: 1500.5, salary: 800, expense: 120.25 });
  mockEndpoint(endpoints.getReceiptsMissing, { count: 0, from: '2025-05-01', to: '2025-05-31' });
  mockEndpoint(endpoints.getOverBudget, { month: '2025-05', rows: [] });
  mockEndpoint(endpoints.getPreferences, { confirmWithNotice: false });
  mockEndpoint(endpoints.listAccounts, { accounts: [] });
  mockEndpoint(endpoints.getSetup, OFFICE_SET_UP);
  return {
    logout: mockEndpoint(endpoints.logout, { message: 'Logged out' }),
    currentUser: mockEndpoint(endpoints.getCurrentUser, {
      user: { id: 1, name: 'Me', email: 'me@test.local', role },
    }),
    endOtherSessions: mockEndpoint(endpoints.endOtherSessions, {
      message: 'Signed out everywhere else',
      ended: 2,
    }),
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
