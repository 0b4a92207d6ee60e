import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PayrollSheet } from 'contract/browser';
import {
  axeViolations,
  collectDownloads,
  endpoints,
  failWith,
  mockEndpoint,
} from 'shared-ui/testing';
import {
  mockAccounts,
  mockOpenBooks,
  answerEachTest,
  openScreenEachTest,
  renderAt,
} from '../testing';
import { PayrollPage } from './PayrollPage';

const SHEET: PayrollSheet = {
  month: '2026-10',
  date: '2026-10-31',
  closed: false,
  rows: [
    {
      employeeId: 1,
      name: 'Ali',
      number: '1',
      monthlySalary: 1000,
      paid: 0,
      paidByPayroll: false,
      lastMonthPaid: null,
    },
    {
      employeeId: 2,
      name: 'Bina',
      number: '2',
      monthlySalary: 2500.5,
      paid: 0,
      paidByPayroll: false,
      lastMonthPaid: null,
    },
    {
      employeeId: 3,
      name: 'Cem',
      number: '3',
      monthlySalary: null,
      paid: 0,
      paidByPayroll: false,
      lastMonthPaid: null,
    },
    {
      employeeId: 4,
      name: 'Dana',
      number: '4',
      monthlySalary: 900,
      paid: 900,
      paidByPayroll: true,
      lastMonthPaid: 900,
    },
  ],
};

const dialogs = openScreenEachTest('staff');
beforeEach(() => {
  mockOpenBooks();
  mockAccounts();
});
const sheet = answerEachTest(endpoints.getPayroll, SHEET);
const post = answerEachTest(endpoints.postPayroll, {
  message: 'Payroll posted: 2 salaries, RS: 3,700.50',
  posted: 2,
  total: 3700.5,
  batchId: 7,
  alreadyPaid: [],
});

const renderPage = () => renderAt('/Payroll?month=2026-10', <PayrollPage />);

/** Post payroll, then the one question it asks answered yes. */
async function postPayroll() {
  await userEvent.click(screen.getByRole('button', { name: 'Post payroll' }));
  await userEvent.click(await screen.findByRole('button', { name: /^Post \d+ salar/ }));
}

describe('PayrollPage', () => {
  it('should tick the employees with a salary, leave the paid one alone and total the ticked rows', async () => {
    renderPage();
    expect(await screen.findByLabelText('Amount for Ali')).toHaveValue('1,000.00');
    expect(sheet.calls.map((call) => call.query)).toEqual([{ month: '2026-10' }]);
    expect(screen.getByLabelText('Month')).toHaveValue('2026-10');
    expect(screen.getByLabelText('Pay Ali')).toBeChecked();
    expect(screen.getByLabelText('Pay Bina')).toBeChecked();
    expect(screen.getByLabelText('Pay Cem')).not.toBeChecked();
    expect(screen.getByLabelText('Pay Dana')).toBeDisabled();
    expect(screen.getByText('900.00 (paid)')).toBeInTheDocument();
    expect(screen.getByText('RS: 3,500.50')).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText('Amount for Ali'));
    await userEvent.type(screen.getByLabelText('Amount for Ali'), '1200');
    expect(screen.getByText('RS: 3,700.50')).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it('should post the ticked rows and alert what was posted', async () => {
    renderPage();
    await userEvent.click(await screen.findByLabelText('Pay Bina'));
    await userEvent.click(screen.getByLabelText('Pay Cem'));
    await userEvent.type(screen.getByLabelText('Amount for Cem'), '2700.50');
    await postPayroll();
    await waitFor(() =>
      expect(dialogs.alerts).toEqual(['Payroll posted: 2 salaries, RS: 3,700.50']),
    );
    expect(post.calls.map((call) => call.body)).toEqual([
      {
        month: '2026-10',
        lines: [
          { employeeId: 1, amount: 1000 },
          { employeeId: 3, amount: 2700.5 },
        ],
      },
    ]);
    expect(screen.getByRole('link', { name: /Entries of this payroll/ })).toBeInTheDocument();
  });

  it('should refuse a ticked row without a valid amount, posting nothing', async () => {
    renderPage();
    await userEvent.click(await screen.findByLabelText('Pay Cem'));
    await userEvent.click(screen.getByRole('button', { name: 'Post payroll' }));
    await waitFor(() =>
      expect(dialogs.alerts).toEqual(['Enter a valid amount (greater than 0, at most 2 decimals)']),
    );
    expect(post.calls).toHaveLength(0);
  });

  it('should not offer posting for a month in a closed period', async () => {
    sheet.answer({ ...SHEET, closed: true });
    renderPage();
    expect(
      await screen.findByText('The books are closed for this month: its payroll cannot be posted'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Post payroll' })).toBeDisabled();
  });

  it("should download the payslip of a row's employee for the month on screen", async () => {
    const payslip = mockEndpoint(endpoints.payslipPdf, 'pdf bytes');
    const downloads = collectDownloads();
    renderPage();
    const row = (await screen.findByLabelText('Pay Bina')).closest('tr') as HTMLElement;
    expect(screen.getAllByRole('button', { name: /^Payslip of / })).toHaveLength(4);
    await userEvent.click(within(row).getByRole('button', { name: 'Payslip of Bina' }));
    await waitFor(() => expect(downloads.fileNames).toEqual(['payslip-2026-10-2.pdf']));
    expect(payslip.calls.map((call) => call.query)).toEqual([
      { employeeId: '2', month: '2026-10' },
    ]);
    expect(dialogs.alerts).toEqual([]);
  });

  it("should alert the server's message when a payslip cannot be downloaded", async () => {
    mockEndpoint(endpoints.payslipPdf, failWith(404, 'Employee not found'));
    collectDownloads();
    renderPage();
    const row = (await screen.findByLabelText('Pay Ali')).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: 'Payslip of Ali' }));
    await waitFor(() => expect(dialogs.alerts).toEqual(['Employee not found']));
  });

  it("should offer last month's pay to someone without a monthly salary, ticked", async () => {
    sheet.answer({
      ...SHEET,
      rows: [
        ...SHEET.rows,
        {
          employeeId: 5,
          name: 'Eda',
          number: '5',
          monthlySalary: null,
          paid: 0,
          paidByPayroll: false,
          lastMonthPaid: 800.25,
        },
      ],
    });
    renderPage();
    expect(await screen.findByLabelText('Amount for Eda')).toHaveValue('800.25');
    expect(screen.getByLabelText('Pay Eda')).toBeChecked();
    expect(screen.getByLabelText('Amount for Eda')).toHaveAccessibleDescription('last month');
    expect(screen.getByLabelText('Amount for Cem')).toHaveValue('');
    expect(screen.getByText('RS: 4,300.75')).toBeInTheDocument();
    await postPayroll();
    await waitFor(() => expect(post.calls).toHaveLength(1));
    expect(post.calls[0]?.body?.lines).toEqual([
      { employeeId: 1, amount: 1000 },
      { employeeId: 2, amount: 2500.5 },
      { employeeId: 5, amount: 800.25 },
    ]);
  });

  it('should show "1234567.5" as "1,234,567.50" and post the amount exact', async () => {
    renderPage();
    const cem = await screen.findByLabelText('Amount for Cem');
    await userEvent.type(cem, '1234567.5');
    await userEvent.tab();
    expect(cem).toHaveValue('1,234,567.50');
    await postPayroll();
    await waitFor(() => expect(post.calls).toHaveLength(1));
    expect(post.calls[0]?.body?.lines).toContainEqual({ employeeId: 3, amount: 1234567.5 });
  });

  it('should tick a row when an amount is typed in it, and untick it when emptied', async () => {
    renderPage();
    const cem = await screen.findByLabelText('Amount for Cem');
    await userEvent.type(cem, '450');
    expect(screen.getByLabelText('Pay Cem')).toBeChecked();
    expect(screen.getByText('RS: 3,950.50')).toBeInTheDocument();
    await userEvent.clear(cem);
    expect(screen.getByLabelText('Pay Cem')).not.toBeChecked();
  });

  it('should tick and untick every payable row with Pay all', async () => {
    renderPage();
    const all = await screen.findByLabelText('Pay all');
    await screen.findByLabelText('Pay Cem');
    // Ali and Bina ticked, Cem not: some.
    expect(all).not.toBeChecked();
    expect(all).toHaveProperty('indeterminate', true);
    await userEvent.click(all);
    for (const name of ['Ali', 'Bina', 'Cem'])
      expect(screen.getByLabelText(`Pay ${name}`)).toBeChecked();
    expect(screen.getByLabelText('Pay Dana')).not.toBeChecked();
    expect(all).toBeChecked();
    await userEvent.click(all);
    for (const name of ['Ali', 'Bina', 'Cem'])
      expect(screen.getByLabelText(`Pay ${name}`)).not.toBeChecked();
    expect(screen.getByText('RS: 0.00')).toBeInTheDocument();
  });

  it('should Tab from row to row past no Payslip button, and offer payslips by name', async () => {
    const payslip = mockEndpoint(endpoints.payslipPdf, 'pdf bytes');
    const downloads = collectDownloads();
    renderPage();
    const ali = await screen.findByLabelText('Amount for Ali');
    ali.focus();
    await userEvent.tab();
    expect(screen.getByLabelText('Pay Ali')).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'Bina' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByLabelText('Amount for Bina')).toHaveFocus();
    for (const button of screen.getAllByRole('button', { name: /^Payslip of / }))
      expect(button).toHaveAttribute('tabindex', '-1');

    await userEvent.selectOptions(screen.getByLabelText('Payslip of'), 'Cem');
    await userEvent.click(screen.getByRole('button', { name: 'Download payslip' }));
    await waitFor(() => expect(downloads.fileNames).toEqual(['payslip-2026-10-3.pdf']));
    expect(payslip.calls.map((call) => call.query)).toEqual([
      { employeeId: '3', month: '2026-10' },
    ]);
  });

  it("should link each name to the employee's ledger", async () => {
    renderPage();
    expect(await screen.findByRole('link', { name: 'Ali' })).toHaveAttribute(
      'href',
      '/EmployeeLedgerPage?employeeId=1',
    );
  });

  it('should pay the salaries from the account chosen, the default preselected', async () => {
    renderPage();
    const account = await screen.findByRole('combobox', { name: 'Account' });
    expect(account).toHaveValue('1');
    await userEvent.selectOptions(account, 'Meezan current');
    await postPayroll();
    await waitFor(() => expect(post.calls).toHaveLength(1));
    expect(post.calls[0]!.body).toMatchObject({ month: '2026-10', accountId: 2 });
  });

  it('should show the count and the total above the list, and ask once before posting', async () => {
    renderPage();
    await screen.findByLabelText('Pay Ali');
    const summary = screen.getByText(/^Salaries to post:/);
    expect(summary).toHaveTextContent('Salaries to post: 2 · Total: RS: 3,500.50');
    const postButton = screen.getByRole('button', { name: 'Post payroll' });
    const list = screen.getByRole('table');
    // The figures and the button come before the list of employees.
    for (const before of [summary, postButton])
      expect(before.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    // Asked, nothing posted: Cancel withdraws the question.
    await userEvent.click(postButton);
    const confirm = screen.getByRole('button', { name: 'Post 2 salaries, RS: 3,500.50' });
    expect(confirm).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Post payroll' })).toBeNull();
    expect(dialogs.confirms).toEqual([]);
    expect(await axeViolations()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Post payroll' })).toHaveFocus();
    expect(post.calls).toHaveLength(0);

    // A change on the sheet after the question withdraws it: the figures asked about changed.
    await userEvent.click(screen.getByRole('button', { name: 'Post payroll' }));
    await userEvent.click(screen.getByLabelText('Pay Bina'));
    expect(screen.getByRole('button', { name: 'Post payroll' })).toBeInTheDocument();
    expect(screen.getByText(/^Salaries to post:/)).toHaveTextContent(
      'Salaries to post: 1 · Total: RS: 1,000.00',
    );
    expect(post.calls).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Post payroll' }));
    await userEvent.click(screen.getByRole('button', { name: 'Post 1 salary, RS: 1,000.00' }));
    await waitFor(() => expect(post.calls).toHaveLength(1));
    expect(post.calls[0]?.body?.lines).toEqual([{ employeeId: 1, amount: 1000 }]);
  });

  it('should say where employees are added when there are none', async () => {
    sheet.answer({ ...SHEET, rows: [] });
    renderPage();
    expect(
      await screen.findByText((_text, element) =>
        element?.tagName === 'P'
          ? element.textContent === 'No employees yet: add them on Employees'
          : false,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Employees' })).toHaveAttribute('href', '/Employees');
  });
});
