// The entries screens' component tests' shared set-up, imported as '../testing' beside
// 'shared-ui/testing' (the mocked endpoints, dialogs and axe): the money accounts as the server
// answers them, a screen signed in with its alerts collected, and a screen rendered at its
// address (inside a router, with the providers).
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { screen, within } from '@testing-library/react';
import type { Account, Endpoint, Role } from 'contract/browser';
import {
  collectDialogs,
  endpoints,
  mockCurrentUser,
  mockEndpoint,
  render,
  type Answer,
  type Dialogs,
  type MockedEndpoint,
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

/**
 * The screen opened before each test of the file (as `openScreen` opens it). The dialogs
 * returned are always those of the test running, so a file names them once.
 */
export function openScreenEachTest(role?: Role): Dialogs {
  let current: Dialogs | undefined;
  beforeEach(() => {
    current = openScreen(role);
  });
  const running = () => current ?? readOutsideATest();
  return {
    get alerts() {
      return running().alerts;
    },
    get confirms() {
      return running().confirms;
    },
    answerConfirms: (accept) => running().answerConfirms(accept),
  };
}

/**
 * `endpoint` answered with `answer` before each test of the file. The mock returned is always
 * that of the test running (its calls; a new answer lasts to the end of that test).
 */
export function answerEachTest<E extends Endpoint>(
  endpoint: E,
  answer: Answer<NoInfer<E>>,
): MockedEndpoint<E> {
  let current: MockedEndpoint<E> | undefined;
  beforeEach(() => {
    current = mockEndpoint(endpoint, answer);
  });
  const running = () => current ?? readOutsideATest();
  return {
    get calls() {
      return running().calls;
    },
    answer: (next) => running().answer(next),
    once: (next) => running().once(next),
  };
}

function readOutsideATest(): never {
  throw new Error('read outside a test: the set-up of each test has not run');
}

/** `mock`'s endpoint was called once, with at least what `call` names (params, body, headers). */
export function expectOneCall<E extends Endpoint>(
  mock: MockedEndpoint<E>,
  call: Record<string, unknown>,
) {
  expect(mock.calls).toHaveLength(1);
  expect(mock.calls[0]).toMatchObject(call);
}

/** The money accounts the screens offer (Cash and the bank account unless told). */
export const mockAccounts = (accounts: Account[] = [CASH, BANK]) =>
  mockEndpoint(endpoints.listAccounts, { accounts });

/** Books closed through no day: every date can be written. */
export const mockOpenBooks = () =>
  mockEndpoint(endpoints.getBooksClosed, { closedThrough: null, canMove: false });

/** The texts of a list's (a select's) options, in order. */
export const optionTexts = (list: HTMLElement) =>
  within(list)
    .getAllByRole('option')
    .map((option) => option.textContent);

/** The texts of the options of the combobox named `name`, in order. */
export const comboboxOptions = (name: string) =>
  optionTexts(screen.getByRole('combobox', { name }));

/** The router's address (path and query), shown for the test to read. */
function Address() {
  const location = useLocation();
  return <output aria-label="address">{location.pathname + location.search}</output>;
}

/** The address the screen has gone to (rendered with `address: true`). */
export const shownAddress = () => screen.getByLabelText('address').textContent;

/** The browser's Back, as a button beside the screen (rendered with `cameFrom`). */
function Back() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(-1)}>
      Back
    </button>
  );
}

/**
 * Renders `ui` at the address `path`: with `route`, only where that route matches (its
 * parameters read by the screen); with `address`, the router's address shown beside it; with
 * `cameFrom`, that address before it in the history and a Back button that returns there.
 */
export function renderAt(
  path: string,
  ui: ReactElement,
  {
    route,
    address = false,
    cameFrom,
  }: { route?: string; address?: boolean; cameFrom?: string } = {},
) {
  const history = cameFrom ? [cameFrom, path] : [path];
  return render(
    <MemoryRouter initialEntries={history} initialIndex={history.length - 1}>
      {route ? (
        <Routes>
          <Route path={route} element={ui} />
        </Routes>
      ) : (
        ui
      )}
      {address && <Address />}
      {cameFrom && <Back />}
    </MemoryRouter>,
  );
}
