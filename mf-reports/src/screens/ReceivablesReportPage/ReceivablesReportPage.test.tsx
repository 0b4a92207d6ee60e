import { screen, waitFor } from '@testing-library/react';
import { toIsoDate } from 'shared-ui';
import { renderScreen, tableText } from '../../testing/test-utils';
import { ReceivablesReportPage } from './ReceivablesReportPage';
import { axeViolations, endpoints, mockEndpoint } from 'shared-ui/testing';

afterEach(() => {
  jest.restoreAllMocks();
  window.history.replaceState({}, '', '/');
});

const ANSWER = {
  date: '2026-05-31',
  rows: [
    {
      clientId: 7,
      clientName: 'Acme',
      balance: 1300,
      days0to30: 100,
      days31to60: 200,
      days61to90: 0,
      over90: 1000,
      oldestInvoiceDate: '2026-01-10',
    },
    {
      clientId: 9,
      clientName: 'Overpaid Ltd',
      balance: -50,
      days0to30: 0,
      days31to60: 0,
      days61to90: 0,
      over90: 0,
      oldestInvoiceDate: null,
    },
  ],
  totals: { balance: 1250, days0to30: 100, days31to60: 200, days61to90: 0, over90: 1000 },
};

describe('ReceivablesReportPage', () => {
  it('should list each client with a balance in the aging columns, named so, with totals', async () => {
    const get = mockEndpoint(endpoints.getReceivables, ANSWER);
    renderScreen(<ReceivablesReportPage />);
    expect(screen.getByRole('heading', { name: 'Receivables' })).toBeInTheDocument();
    await screen.findByText('Acme');
    expect(get.calls.map((call) => call.query)).toEqual([{}]);
    expect(tableText()).toEqual([
      [
        'Client',
        'Balance',
        '0–30 days',
        '31–60 days',
        '61–90 days',
        'Over 90 days',
        'Oldest Invoice',
      ],
      ['Acme', '1,300.00', '100.00', '200.00', '0.00', '1,000.00', '2026-01-10'],
      ['Overpaid Ltd', '-50.00', '0.00', '0.00', '0.00', '0.00', ''],
      ['Total', '1,250.00', '100.00', '200.00', '0.00', '1,000.00', ''],
    ]);
    expect(await axeViolations()).toEqual([]);
  });

  it("should link each client to their ledger from 1 January to the report's day", async () => {
    // The oldest open invoice is from this year (today's), whatever the year the test runs in:
    // one from before 1 January opens the ledger there (the next test).
    const first = ANSWER.rows[0] as (typeof ANSWER.rows)[number];
    mockEndpoint(endpoints.getReceivables, {
      ...ANSWER,
      rows: [{ ...first, oldestInvoiceDate: toIsoDate(new Date()) }],
    });
    renderScreen(<ReceivablesReportPage />);
    expect(await screen.findByRole('link', { name: 'Acme' })).toHaveAttribute(
      'href',
      `/ClientLedgerPage?clientId=7&startDate=${new Date().getFullYear()}-01-01&endDate=${toIsoDate(new Date())}`,
    );
  });

  it('should open a ledger from the oldest open invoice when it is before 1 January', async () => {
    const year = new Date().getFullYear();
    const first = ANSWER.rows[0] as (typeof ANSWER.rows)[number];
    mockEndpoint(endpoints.getReceivables, {
      ...ANSWER,
      rows: [{ ...first, oldestInvoiceDate: `${year - 1}-11-02` }],
    });
    renderScreen(<ReceivablesReportPage />);
    expect(await screen.findByRole('link', { name: 'Acme' })).toHaveAttribute(
      'href',
      `/ClientLedgerPage?clientId=7&startDate=${year - 1}-11-02&endDate=${toIsoDate(new Date())}`,
    );
  });

  it('should take the aging on the day chosen and keep it in the address', async () => {
    const get = mockEndpoint(endpoints.getReceivables, ANSWER);
    const { user } = renderScreen(<ReceivablesReportPage />);
    await screen.findByText('Acme');
    await user.type(screen.getByLabelText('As of'), '2026-03-31');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() =>
      expect(get.calls.map((call) => call.query)).toContainEqual({ date: '2026-03-31' }),
    );
    expect(window.location.search).toBe('?date=2026-03-31');
    expect(await screen.findByRole('link', { name: 'Acme' })).toHaveAttribute(
      'href',
      '/ClientLedgerPage?clientId=7&startDate=2026-01-01&endDate=2026-03-31',
    );
    expect(screen.getByRole('button', { name: 'Download Excel' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeEnabled();
  });
});
