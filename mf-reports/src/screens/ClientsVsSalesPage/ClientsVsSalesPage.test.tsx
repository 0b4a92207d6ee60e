import { screen } from '@testing-library/react';
import type { ClientsVsSalesRow } from 'contract/browser';
import { captureDownloads, renderScreen, tableText } from '../../testing/test-utils';
import { ClientsVsSalesPage } from './ClientsVsSalesPage';
import { axeViolations, deferred, endpoints, mockEndpoint } from 'shared-ui/testing';

const ROWS: ClientsVsSalesRow[] = [
  { clientId: 1, clientname: 'Acme, Inc.', totalDebit: 1000, totalCredit: 400.1, netTotal: 599.9 },
  { clientId: 2, clientname: 'Beta', totalDebit: 250.2, totalCredit: 250.2, netTotal: 0 },
];

afterEach(() => jest.restoreAllMocks());

describe('ClientsVsSalesPage', () => {
  it('should show Loading... and then Client, Total Debit, Total Credit and Pending RS with totals', async () => {
    const answer = deferred();
    const get = mockEndpoint(endpoints.getClientsVsSales, () => answer.promise as never);
    renderScreen(<ClientsVsSalesPage />);
    expect(screen.getByRole('heading', { name: 'Clients Vs Sales' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    answer.resolve(ROWS);

    await screen.findByText('Acme, Inc.');
    expect(tableText()).toEqual([
      ['Client', 'Total Debit', 'Total Credit', 'Pending RS'],
      ['Acme, Inc.', '1,000.00', '400.10', '599.90'],
      ['Beta', '250.20', '250.20', '0.00'],
      ['Total', '1,250.20', '650.30', '599.90'],
    ]);
    expect(get.calls.map((call) => call.query)).toContainEqual({});
    expect(await axeViolations()).toEqual([]);
  });

  it('should show a client who paid ahead of any bill with nothing billed and Pending RS below zero', async () => {
    mockEndpoint(endpoints.getClientsVsSales, [
      ...ROWS,
      { clientId: 3, clientname: 'Prepaid', totalDebit: 0, totalCredit: 300, netTotal: -300 },
    ]);
    renderScreen(<ClientsVsSalesPage />);
    await screen.findByText('Prepaid');
    expect(tableText().slice(3)).toEqual([
      ['Prepaid', '0.00', '300.00', '-300.00'],
      ['Total', '1,250.20', '950.30', '299.90'],
    ]);
  });

  it('should show No records found and offer no export when there are no clients', async () => {
    mockEndpoint(endpoints.getClientsVsSales, []);
    renderScreen(<ClientsVsSalesPage />);
    expect(await screen.findByText('No records found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    expect(screen.queryByRole('rowheader', { name: 'Total' })).not.toBeInTheDocument();
  });

  it('should export the table with its totals row, amounts unformatted', async () => {
    mockEndpoint(endpoints.getClientsVsSales, ROWS);
    const downloads = captureDownloads();
    const { user } = renderScreen(<ClientsVsSalesPage />);
    await screen.findByText('Beta');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    expect(await downloads.last()).toEqual({
      name: 'clients-vs-sales.csv',
      text:
        'Client,Total Debit,Total Credit,Pending RS\r\n' +
        '"Acme, Inc.",1000.00,400.10,599.90\r\n' +
        'Beta,250.20,250.20,0.00\r\n' +
        'Total,1250.20,650.30,599.90\r\n',
    });
  });

  it('should export names a spreadsheet would run as formulas as text, whatever its separator', async () => {
    mockEndpoint(endpoints.getClientsVsSales, [
      { clientId: 1, clientname: 'x;=1+1;', totalDebit: 10, totalCredit: 0, netTotal: 10 },
      { clientId: 2, clientname: 'Tab\t@SUM(1)', totalDebit: 0, totalCredit: 150, netTotal: -150 },
      { clientId: 3, clientname: 'Two\n-2+3, "=4+4"', totalDebit: 1, totalCredit: 0, netTotal: 1 },
    ]);
    const downloads = captureDownloads();
    const { user } = renderScreen(<ClientsVsSalesPage />);
    await screen.findByText('x;=1+1;');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    expect(await downloads.lastStartsWithBom()).toBe(true);
    expect((await downloads.last()).text).toBe(
      'Client,Total Debit,Total Credit,Pending RS\r\n' +
        "x;'=1+1;,10.00,0.00,10.00\r\n" +
        "Tab\t'@SUM(1),0.00,150.00,-150.00\r\n" +
        `"Two\n'-2+3, ""'=4+4""",1.00,0.00,1.00\r\n` +
        'Total,11.00,150.00,-139.00\r\n',
    );
  });
});
