import { screen, waitFor, within } from '@testing-library/react';
import type { YearlyRow } from 'contract/browser';
import { captureDownloads, renderScreen, tableText } from '../../testing/test-utils';
import { YearlyReportPage, yearOptions } from './YearlyReportPage';
import userEvent from '@testing-library/user-event';
import { axeViolations, collectDownloads, endpoints, mockEndpoint } from 'shared-ui/testing';

const YEAR = new Date().getFullYear();
const zero = (month: number): YearlyRow => ({
  month,
  income: 0,
  salary: 0,
  expense: 0,
  pending: 0,
});
/** March: 1000 in, 300 salary, 200.5 expense → 499.5; July: a loss of 150. */
const ROWS: YearlyRow[] = Array.from({ length: 12 }, (_, i) => zero(i + 1)).map((row) =>
  row.month === 3
    ? { month: 3, income: 1000, salary: 300, expense: 200.5, pending: 499.5 }
    : row.month === 7
      ? { month: 7, income: 50, salary: 200, expense: 0, pending: -150 }
      : row,
);

afterEach(() => {
  jest.restoreAllMocks();
  // Charts remember Show chart; each test starts closed.
  window.localStorage.clear();
});

describe('YearlyReportPage', () => {
  it('should offer the current year and the four before, the current one chosen', async () => {
    mockEndpoint(endpoints.getYearly, ROWS);
    renderScreen(<YearlyReportPage />);
    const picker = screen.getByLabelText('Year');
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([0, 1, 2, 3, 4].map((back) => String(YEAR - back)));
    expect(picker).toHaveValue(String(YEAR));
    expect(yearOptions(new Date(2030, 0, 1))).toEqual([2030, 2029, 2028, 2027, 2026]);
    await screen.findByText('March');
  });

  it('should list all twelve months with profit/loss and a totals row', async () => {
    const get = mockEndpoint(endpoints.getYearly, ROWS);
    renderScreen(<YearlyReportPage />);
    await screen.findByText('March');
    expect(get.calls.map((call) => call.query)).toEqual([{ year: String(YEAR) }]);
    const text = tableText();
    expect(text[0]).toEqual(['Month', 'Income', 'Salary', 'Expense', 'Profit/Loss']);
    expect(text).toHaveLength(1 + 12 + 1);
    expect(text[1]).toEqual(['January', '0.00', '0.00', '0.00', '0.00']);
    expect(text[3]).toEqual(['March', '1,000.00', '300.00', '200.50', '499.50']);
    expect(text[7]).toEqual(['July', '50.00', '200.00', '0.00', '-150.00']);
    expect(text[12]).toEqual(['December', '0.00', '0.00', '0.00', '0.00']);
    expect(text[13]).toEqual(['Total', '1,050.00', '500.00', '200.50', '349.50']);
    expect(await axeViolations()).toEqual([]);
  });

  it('should fill months the server left out with zeros', async () => {
    mockEndpoint(endpoints.getYearly, ROWS.slice(2, 3));
    renderScreen(<YearlyReportPage />);
    await screen.findByText('March');
    expect(tableText()).toHaveLength(14);
  });

  it('should reload when another year is picked', async () => {
    const get = mockEndpoint(endpoints.getYearly, ROWS);
    const { user } = renderScreen(<YearlyReportPage />);
    await screen.findByText('March');
    await user.selectOptions(screen.getByLabelText('Year'), String(YEAR - 2));
    await waitFor(() =>
      expect(get.calls.map((call) => call.query)).toEqual([
        { year: String(YEAR) },
        { year: String(YEAR - 2) },
      ]),
    );
    expect(await screen.findByText(`Period: Year ${YEAR - 2}`)).toBeInTheDocument();
  });

  it('should chart bars per month and a profit/loss line, described in words', async () => {
    mockEndpoint(endpoints.getYearly, ROWS);
    const { user } = renderScreen(<YearlyReportPage />);
    await user.click(await screen.findByRole('button', { name: 'Show chart' }));
    const chart = await screen.findByRole('img', { name: /^Income, salary and expense per month/ });
    expect(chart).toHaveAccessibleName(
      `Income, salary and expense per month of ${YEAR} as bars, profit or loss as a line. ` +
        'Profit/Loss for the year: 349.50; best month Mar (499.50), weakest month Jul (-150.00). ' +
        'The table lists every figure.',
    );
    const data = JSON.parse(chart.getAttribute('data-chart') ?? '{}') as {
      labels: string[];
      datasets: Array<{ type: string; label: string; data: number[] }>;
    };
    expect(data.labels).toHaveLength(12);
    expect(data.datasets.map((set) => [set.type, set.label])).toEqual([
      ['bar', 'Income'],
      ['bar', 'Salary'],
      ['bar', 'Expense'],
      ['line', 'Profit/Loss'],
    ]);
    expect(data.datasets[3]?.data[6]).toBe(-150);
  });

  it('should export ISO months and plain amounts with the totals row', async () => {
    mockEndpoint(endpoints.getYearly, ROWS);
    const downloads = captureDownloads();
    const { user } = renderScreen(<YearlyReportPage />);
    await screen.findByText('March');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    const lines = (await downloads.last()).text.split('\r\n');
    expect(lines[0]).toBe('Month,Income,Salary,Expense,Profit/Loss');
    expect(lines[3]).toBe(`${YEAR}-03,1000.00,300.00,200.50,499.50`);
    expect(lines[7]).toBe(`${YEAR}-07,50.00,200.00,0.00,-150.00`);
    expect(lines[13]).toBe('Total,1050.00,500.00,200.50,349.50');
    expect(lines).toHaveLength(15);
  });
});

describe('YearlyReportPage downloads', () => {
  it("should download the server's Excel and PDF of the year on screen", async () => {
    mockEndpoint(endpoints.getYearly, ROWS);
    const excel = mockEndpoint(endpoints.yearlyExcel, 'xlsx bytes');
    const pdf = mockEndpoint(endpoints.yearlyPdf, 'pdf bytes');
    const downloads = collectDownloads();
    renderScreen(<YearlyReportPage />);
    await screen.findByText('March');
    await userEvent.click(screen.getByRole('button', { name: 'Download Excel' }));
    await userEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() =>
      expect(downloads.fileNames).toEqual(['yearly-report.xlsx', 'yearly-report.pdf']),
    );
    expect(excel.calls.map((call) => call.query)).toEqual([{ year: String(YEAR) }]);
    expect(pdf.calls.map((call) => call.query)).toEqual([{ year: String(YEAR) }]);
  });
});
