// Manage Clients and Manage Employees show each one's balance, linked to their ledger.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { endpoints, mockEndpoint } from 'shared-ui/testing';
import { ClientsPage } from '../ClientsPage';
import { EmployeesPage } from '../EmployeesPage';
import { renderPage, mockPeopleEndpoints } from '../testing/people-test-utils';
import { clientBalanceText, employeeBalanceText } from './balances';

const year = new Date().getFullYear();
/** A balance link's name: its text, then (for screen readers) whose ledger it opens. */
const linkName = (text: string, name: string) => (accessible: string) =>
  accessible.replace(/\s+/g, ' ').replace(' ,', ',') === `${text}, ledger of ${name}`;

describe('balance wording', () => {
  it('says what a client owes us, or holds in credit, exactly', () => {
    expect(clientBalanceText(1200.5)).toBe('Owes us RS: 1,200.50');
    expect(clientBalanceText('12345678901234.01')).toBe('Owes us RS: 12,345,678,901,234.01');
    expect(clientBalanceText(-0.01)).toBe('In credit RS: 0.01');
    expect(clientBalanceText('-2500')).toBe('In credit RS: 2,500.00');
    expect(clientBalanceText(0)).toBe('RS: 0.00');
    expect(employeeBalanceText(60000)).toBe('RS: 60,000.00');
  });
});

describe('Manage Clients', () => {
  const mocks = mockPeopleEndpoints(
    {
      list: endpoints.listClients,
      add: endpoints.addClient,
      update: endpoints.updateClient,
      remove: endpoints.deleteClient,
    },
    () => [
      { id: 1, name: 'Acme', email: 'a@a.test', companyName: 'Acme Ltd' },
      { id: 2, name: 'Beta', email: 'b@b.test', companyName: 'Beta Ltd' },
      { id: 3, name: 'Gamma', email: 'g@g.test', companyName: 'Gamma Ltd' },
    ],
  );

  it("shows each client's balance in words, linked to their ledger on this year", async () => {
    mocks.balances = mockEndpoint(endpoints.listPartyBalances, {
      balances: [
        { id: 1, balance: 1200.5 },
        { id: 2, balance: -40 },
      ],
    });
    await renderPage(<ClientsPage />);
    await userEvent.click(screen.getByRole('tab', { name: 'Manage Clients' }));
    const acme = within(await screen.findByRole('row', { name: /Acme/ }));
    const owes = await acme.findByRole('link', { name: linkName('Owes us RS: 1,200.50', 'Acme') });
    expect(owes.getAttribute('href')).toMatch(
      new RegExp(`^/ClientLedgerPage\\?clientId=1&startDate=${year}-01-01&endDate=${year}-`),
    );
    const beta = within(screen.getByRole('row', { name: /Beta/ }));
    expect(beta.getByRole('link', { name: linkName('In credit RS: 40.00', 'Beta') })).toBeVisible();
    const gamma = within(screen.getByRole('row', { name: /Gamma/ }));
    expect(gamma.getByRole('link', { name: linkName('RS: 0.00', 'Gamma') })).toBeVisible();
    expect(mocks.balances.calls.map((call) => call.query)).toEqual([{ ledger: 'client' }]);
  });
});

describe('Manage Employees', () => {
  const mocks = mockPeopleEndpoints(
    {
      list: endpoints.listEmployees,
      add: endpoints.addEmployee,
      update: endpoints.updateEmployee,
      remove: endpoints.deleteEmployee,
    },
    () => [{ id: 4, name: 'Sara', email: 's@s.test', number: '0300' }],
  );

  it('shows what was paid to each employee, linked to their ledger', async () => {
    mocks.balances = mockEndpoint(endpoints.listPartyBalances, {
      balances: [{ id: 4, balance: 60000.1 }],
    });
    await renderPage(<EmployeesPage />);
    await userEvent.click(screen.getByRole('tab', { name: 'Manage Employees' }));
    const row = within(await screen.findByRole('row', { name: /Sara/ }));
    const link = await row.findByRole('link', { name: linkName('RS: 60,000.10', 'Sara') });
    expect(link.getAttribute('href')).toMatch(
      new RegExp(`^/EmployeeLedgerPage\\?employeeId=4&startDate=${year}-01-01&endDate=`),
    );
    expect(mocks.balances.calls.map((call) => call.query)).toEqual([{ ledger: 'employee' }]);
  });
});
