// What every People screen test needs: the four calls of the screen answered through
// shared-ui/testing's mockEndpoint (the list answers `rows()`), and the alerts and confirmations
// collected.
import type { PeopleEndpoints } from '../PeopleScreen';
import {
  collectDialogs,
  mockCurrentUser,
  endpoints as allEndpoints,
  mockEndpoint,
  type Dialogs,
  type MockedEndpoint,
} from 'shared-ui/testing';
export { deferred, renderSettled as renderPage } from 'shared-ui/testing';

export interface PeopleMocks {
  dialogs: Dialogs;
  list: MockedEndpoint<PeopleEndpoints['list']>;
  add: MockedEndpoint<PeopleEndpoints['add']>;
  update: MockedEndpoint<PeopleEndpoints['update']>;
  remove: MockedEndpoint<PeopleEndpoints['remove']>;
  /** The Users screen's list of users with two-step sign-in on (none unless a test says). */
  twoStepUsers: MockedEndpoint<typeof allEndpoints.listTwoStepUsers>;
  /** The balances beside clients and employees (none unless a test says). */
  balances: MockedEndpoint<typeof allEndpoints.listPartyBalances>;
}

/**
 * Answers the screen's calls before each test of the calling file, for a staff user (a test
 * signs in someone else with `mockCurrentUser(role)`).
 */
export function mockPeopleEndpoints(
  endpoints: PeopleEndpoints,
  rows: () => Array<{ id: number }>,
): PeopleMocks {
  const mocks = {} as PeopleMocks;
  beforeEach(() => {
    mockCurrentUser('staff');
    mocks.dialogs = collectDialogs();
    mocks.list = mockEndpoint(endpoints.list, () => ({ users: rows() }) as never);
    mocks.add = mockEndpoint(endpoints.add, { message: 'ok' });
    mocks.update = mockEndpoint(endpoints.update, { message: 'ok' });
    mocks.remove = mockEndpoint(endpoints.remove, { message: 'ok' });
    mocks.twoStepUsers = mockEndpoint(allEndpoints.listTwoStepUsers, { userIds: [] });
    mocks.balances = mockEndpoint(allEndpoints.listPartyBalances, { balances: [] });
  });
  return mocks;
}
