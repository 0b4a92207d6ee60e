// The entries screens' component tests' shared set-up, imported as '../testing' beside
// 'shared-ui/testing' (the mocked endpoints, dialogs and axe): the money accounts as the server
// answers them, a screen signed in with its alerts collected, and a screen rendered at its
// address (inside a router, with the providers).
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { screen } from '@testing-library/react';
import type { Account, Role } from 'contract/browser';
import {
  collectDialogs,
  endpoints,
  mockCurrentUser,
  mockEndpoint,
  render,
  type Dialogs,
} from 'shared-ui/testing';
import { BANK, CASH } from './accounts';

export { BANK, CASH };

/**
 * A test's screen opened: its alerts and confirmations collected and, when a role is given, a
 * user of that role signed in (tests that sign in per case give none).
 */
export function openScreen(role?: Role): Dialogs {
  if (role) mockCurrentUser(role);
  return collectDialogs();
}

/** The money accounts the screens offer (Cash and the bank account unless told). */
export const mockAccounts = (accounts: Account[] = [CASH, BANK]) =>
  mockEndpoint(endpoints.listAccounts, { accounts });

/** Books closed through no day: every date can be written. */
export const mockOpenBooks = () =>
  mockEndpoint(endpoints.getBooksClosed, { closedThrough: null, canMove: false });

/** The router's address (path and query), shown for the test to read. */
function Address() {
  const location = useLocation();
  return <output aria-label="address">{location.pathname + location.search}</output>;
}

/** The address the screen has gone to (rendered with `address: true`). */
export const shownAddress = () => screen.getByLabelText('address').textContent;

/**
 * Renders `ui` at the address `path`: with `route`, only where that route matches (its
 * parameters read by the screen); with `address`, the router's address shown beside it.
 */
export function renderAt(
  path: string,
  ui: ReactElement,
  { route, address = false }: { route?: string; address?: boolean } = {},
) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      {route ? (
        <Routes>
          <Route path={route} element={ui} />
        </Routes>
      ) : (
        ui
      )}
      {address && <Address />}
    </MemoryRouter>,
  );
}
