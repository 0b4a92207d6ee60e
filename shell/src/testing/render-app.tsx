// Test support: renders the shell at a path, signed in or out, with the API client's methods
// replaced by spies (screens reach the server only through them).
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { api, page, useSession } from 'shared-ui';
import { App } from '../App';

export interface RenderAppOptions {
  path?: string;
  token?: string | null;
}

/** `role`: what the session answers about its user (the sidebar shows admin links from it). */
export function stubApi({ role = 'staff' }: { role?: 'staff' | 'admin' } = {}) {
  return {
    get: jest.spyOn(api, 'get').mockImplementation((path: string) => {
      if (path === '/sessions/current') {
        return Promise.resolve({ user: { id: 1, name: 'Me', email: 'me@test.local', role } });
      }
      if (path === '/dashboard/totals')
        return Promise.resolve({ admins: 2, employees: 5, clients: 7 });
      if (path.startsWith('/dashboard/finance')) {
        return Promise.resolve({ income: 1500.5, salary: 800, expense: 120.25 });
      }
      return Promise.reject(new Error(`unexpected GET ${path}`));
    }),
    post: jest.spyOn(api, 'post').mockResolvedValue({ message: 'Logged out' }),
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
