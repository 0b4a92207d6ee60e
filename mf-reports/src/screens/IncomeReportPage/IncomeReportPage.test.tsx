import { screen } from '@testing-library/react';
import { captureDownloads, renderScreen, tableText } from '../../testing/test-utils';
import { IncomeReportPage } from './IncomeReportPage';
import { axeViolations, deferred, endpoints, mockEndpoint } from 'shared-ui/testing';

const ROWS = [
  { date: '2026-03-01', totalIncome: 0.1 },
  { date: '2026-03-02', totalIncome: 0.2 },
];

afterEach(() => jest.restoreAllMocks());

describe('IncomeReportPage', () => {
  it('should show Loading... and then Date and Total Income with an exact total', async () => {
    const answer = deferred();
    mockEndpoint(endpoints.getIncomeReport, () => answer.promise as never);
    renderScreen(<IncomeReportPage />);
    expect(screen.getByRole('heading', { name: 'Income Report' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    answer.resolve(ROWS);
    await screen.findByText('2026-03-01');
    expect(tableText()).toEqual([
      ['Date', 'Total Income'],
      ['2026-03-01', '0.10'],
      ['2026-03-02', '0.20'],
      ['Total', '0.30'],
    ]);
    expect(await axeViolations()).toEqual([]);
  });

  it('should export ISO dates and plain amounts', async () => {
    mockEndpoint(endpoints.getIncomeReport, ROWS);
    const downloads = captureDownloads();
    const { user } = renderScreen(<IncomeReportPage />);
    await screen.findByText('2026-03-01');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await downloads.last()).toEqual({
      name: 'income-report.csv',
      text: 'Date,Total Income\r\n2026-03-01,0.10\r\n2026-03-02,0.20\r\nTotal,0.30\r\n',
    });
  });

  it('should show No records found for no income', async () => {
    mockEndpoint(endpoints.getIncomeReport, []);
    renderScreen(<IncomeReportPage />);
    expect(await screen.findByText('No records found')).toBeInTheDocument();
  });

  it('should show and export totals past what a double holds exactly, to the cent', async () => {
    // The server's own text, through the real API client: 101 payments of 999,999,999,999.99
    // on one day, which JSON.parse would read as 100999999999998.98.
    global.fetch = jest.fn().mockResolvedValue({
      ok: true,
      status: 200,
      text: () =>
        Promise.resolve(
          '[{"date":"2026-03-01","totalIncome":100999999999998.99},' +
            '{"date":"2026-03-02","totalIncome":0.01}]',
        ),
    });
    const downloads = captureDownloads();
    const { user } = renderScreen(<IncomeReportPage />);
    await screen.findByText('2026-03-01');
    expect(tableText()).toEqual([
      ['Date', 'Total Income'],
      ['2026-03-01', '100,999,999,999,998.99'],
      ['2026-03-02', '0.01'],
      ['Total', '100,999,999,999,999.00'],
    ]);
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect((await downloads.last()).text).toBe(
      'Date,Total Income\r\n2026-03-01,100999999999998.99\r\n2026-03-02,0.01\r\n' +
        'Total,100999999999999.00\r\n',
    );
  });
});
