// Expense Vs Type, Employees Vs Salary and the Income Report offer the server's PDF beside its
// Excel, of exactly what is on screen (the period, and the comparison when one is chosen).
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentMonthRange } from 'shared-ui';
import { collectDownloads, endpoints, mockEndpoint } from 'shared-ui/testing';
import { renderScreen } from '../testing/test-utils';
import { EmployeesVsSalaryReportPage } from './EmployeesVsSalaryReportPage/EmployeesVsSalaryReportPage';
import { ExpenseVsTypeReportPage } from './ExpenseVsTypeReportPage/ExpenseVsTypeReportPage';
import { IncomeReportPage } from './IncomeReportPage/IncomeReportPage';

afterEach(() => jest.restoreAllMocks());

const pdfOf = async (fileName: string) => {
  const downloads = collectDownloads();
  await userEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
  await waitFor(() => expect(downloads.fileNames).toEqual([fileName]));
};

describe('report PDFs', () => {
  it('Expense Vs Type: the month on screen', async () => {
    const month = currentMonthRange();
    mockEndpoint(endpoints.getExpenseVsType, [
      { expanceTypeId: 1, expenseType: 'Rent', totalExpense: 600 },
    ]);
    const pdf = mockEndpoint(endpoints.expenseVsTypePdf, 'pdf bytes');
    renderScreen(<ExpenseVsTypeReportPage />);
    await screen.findByText('Rent');
    await pdfOf('expense-vs-type.pdf');
    expect(pdf.calls.map((call) => call.query)).toEqual([
      { startDate: month.from, endDate: month.to },
    ]);
  });

  it('Employees Vs Salary: the month on screen', async () => {
    mockEndpoint(endpoints.getEmployeesVsSalary, [
      { employeeId: 1, employeeName: 'Sara', totalSalary: 700 },
    ]);
    const pdf = mockEndpoint(endpoints.employeesVsSalaryPdf, 'pdf bytes');
    renderScreen(<EmployeesVsSalaryReportPage />);
    await screen.findByText('Sara');
    await pdfOf('employees-vs-salary.pdf');
    expect(pdf.calls).toHaveLength(1);
  });

  it('the Income Report: every day, as on screen', async () => {
    mockEndpoint(endpoints.getIncomeReport, [{ date: '2026-03-01', totalIncome: 10 }]);
    const pdf = mockEndpoint(endpoints.incomeReportPdf, 'pdf bytes');
    renderScreen(<IncomeReportPage />);
    await screen.findByText('2026-03-01');
    await pdfOf('income-report.pdf');
    expect(pdf.calls).toHaveLength(1);
  });
});
