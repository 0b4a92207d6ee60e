import { screen, waitFor } from '@testing-library/react';
import { captureDownloads, renderScreen, tableText } from '../../testing/test-utils';
import { EmployeesVsSalaryReportPage } from './EmployeesVsSalaryReportPage';
import { axeViolations, endpoints, mockEndpoint } from 'shared-ui/testing';

const ROWS = [
  { employeeId: 1, employeeName: 'Sara', totalSalary: 1200.5 },
  { employeeId: 2, employeeName: 'Omar', totalSalary: 800 },
];

afterEach(() => jest.restoreAllMocks());

describe('EmployeesVsSalaryReportPage', () => {
  it('should load all time with the empty dates sent as they stand', async () => {
    const get = mockEndpoint(endpoints.getEmployeesVsSalary, ROWS);
    renderScreen(<EmployeesVsSalaryReportPage />);
    expect(screen.getByRole('heading', { name: 'Employees Vs Salary' })).toBeInTheDocument();
    expect(screen.getByLabelText('Start Date')).toHaveValue('');
    expect(screen.getByLabelText('End Date')).toHaveValue('');
    await screen.findByText('Sara');
    expect(get.calls.map((call) => call.query)).toEqual([{ startDate: '', endDate: '' }]);
    expect(tableText()).toEqual([
      ['Employee', 'Total Salary'],
      ['Sara', '1,200.50'],
      ['Omar', '800.00'],
      ['Total', '2,000.50'],
    ]);
    expect(screen.getByText('Period: All dates')).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it('should send the dates on Filter, one of them possibly empty', async () => {
    const get = mockEndpoint(endpoints.getEmployeesVsSalary, []);
    const { user } = renderScreen(<EmployeesVsSalaryReportPage />);
    expect(await screen.findByText('No records found')).toBeInTheDocument();
    await user.type(screen.getByLabelText('End Date'), '2026-06-30');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() =>
      expect(get.calls.map((call) => call.query)).toEqual([
        { startDate: '', endDate: '' },
        { startDate: '', endDate: '2026-06-30' },
      ]),
    );
    expect(await screen.findByText('Period: the beginning to 2026-06-30')).toBeInTheDocument();
  });

  it('should export employees and the total', async () => {
    mockEndpoint(endpoints.getEmployeesVsSalary, ROWS);
    const downloads = captureDownloads();
    const { user } = renderScreen(<EmployeesVsSalaryReportPage />);
    await screen.findByText('Sara');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect((await downloads.last()).text).toBe(
      'Employee,Total Salary\r\nSara,1200.50\r\nOmar,800.00\r\nTotal,2000.50\r\n',
    );
  });
});
