import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SetupStatus } from 'contract/browser';
import { refreshCurrentUser } from 'shared-ui';
import {
  axeViolations,
  endpoints,
  mockCurrentUser,
  mockEndpoint,
  renderSettled,
  type MockedEndpoint,
} from 'shared-ui/testing';
import { GetStarted } from './GetStarted';

const NOTHING: SetupStatus = {
  company: false,
  expenseTypes: false,
  clients: false,
  employees: false,
  accounts: false,
  firstEntry: false,
};

let setup: MockedEndpoint<typeof endpoints.getSetup>;

beforeEach(() => {
  window.localStorage.clear();
  setup = mockEndpoint(endpoints.getSetup, NOTHING);
});

const panel = () => screen.getByRole('region', { name: 'Get started' });
/** Each item as read: its link's name and where it goes, and whether it is done. */
const items = () =>
  within(panel())
    .getAllByRole('listitem')
    .map((item) => {
      const link = within(item).getByRole('link');
      return [
        link.textContent,
        link.getAttribute('href'),
        within(item).getByText(/^(Done|To do)$/).textContent,
      ];
    });

describe('GetStarted', () => {
  it("should list an admin's six steps of a new office, each linking to its screen", async () => {
    mockCurrentUser('admin');
    const { container } = await renderSettled(<GetStarted />);
    expect(items()).toEqual([
      ['Name your company', '/settings?tab=company', 'To do'],
      ['Add expense types', '/settings?tab=expenses', 'To do'],
      ['Add clients', '/Clients', 'To do'],
      ['Add employees', '/Employees', 'To do'],
      ['Add your money accounts', '/Accounts', 'To do'],
      ['Record a first entry', '/Expances', 'To do'],
    ]);
    expect(panel()).toHaveTextContent('0 of 6 done');
    expect(await axeViolations(container)).toEqual([]);
  });

  it('should tick what is done', async () => {
    mockCurrentUser('admin');
    setup.answer({ ...NOTHING, company: true, clients: true });
    await renderSettled(<GetStarted />);
    expect(items().map(([label, , state]) => `${label}: ${state}`)).toEqual([
      'Name your company: Done',
      'Add expense types: To do',
      'Add clients: Done',
      'Add employees: To do',
      'Add your money accounts: To do',
      'Record a first entry: To do',
    ]);
    expect(panel()).toHaveTextContent('2 of 6 done');
  });

  it('should list staff only what staff can fill in: no company, no money accounts', async () => {
    mockCurrentUser('staff');
    setup.answer({ ...NOTHING, expenseTypes: true });
    await renderSettled(<GetStarted />);
    expect(items().map(([label]) => label)).toEqual([
      'Add expense types',
      'Add clients',
      'Add employees',
      'Record a first entry',
    ]);
    expect(panel()).toHaveTextContent('1 of 4 done');
  });

  it('should go away once every step listed is done', async () => {
    mockCurrentUser('staff');
    // The company and the accounts are an admin's to do: staff have done all of theirs.
    setup.answer({
      ...NOTHING,
      expenseTypes: true,
      clients: true,
      employees: true,
      firstEntry: true,
    });
    const first = await renderSettled(<GetStarted />);
    expect(setup.calls).toHaveLength(1);
    expect(first.container).toBeEmptyDOMElement();
    first.unmount();
    // Set up for good: the next visit does not ask.
    const again = await renderSettled(<GetStarted />);
    expect(again.container).toBeEmptyDOMElement();
    expect(setup.calls).toHaveLength(1);
  });

  it('should show a read-only viewer nothing, without asking', async () => {
    mockCurrentUser('viewer');
    const { container } = await renderSettled(<GetStarted />);
    expect(container).toBeEmptyDOMElement();
    expect(setup.calls).toHaveLength(0);
  });

  it('should stay dismissed for the user who dismissed it, and only for them', async () => {
    mockCurrentUser('admin');
    const first = await renderSettled(<GetStarted />);
    await userEvent.click(within(panel()).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('region', { name: 'Get started' })).toBeNull();
    first.unmount();

    const again = await renderSettled(<GetStarted />);
    expect(again.container).toBeEmptyDOMElement();
    expect(setup.calls).toHaveLength(1);
    again.unmount();

    mockEndpoint(endpoints.getCurrentUser, {
      user: { id: 2, name: 'Other', email: 'other@test.local', role: 'admin' },
    });
    refreshCurrentUser();
    await renderSettled(<GetStarted />);
    expect(panel()).toHaveTextContent('0 of 6 done');
  });
});
