import { screen, waitFor } from '@testing-library/react';
import { renderScreen } from '../../testing/test-utils';
import { MonthEndPage } from './MonthEndPage';
import {
  axeViolations,
  collectDialogs,
  collectDownloads,
  endpoints,
  failWith,
  mockCurrentUser,
  mockEndpoint,
} from 'shared-ui/testing';
import { useSession } from 'shared-ui';
import { monthOf, previousMonth } from '../../helpers/months';

afterEach(() => {
  jest.restoreAllMocks();
  useSession.setState({ token: null });
  window.history.replaceState({}, '', '/');
});

const ITEMS = [
  {
    key: 'expensesWithoutReceipt' as const,
    label: 'Expenses without a receipt',
    count: 2,
    link: '/Journal?from=2026-04-01&to=2026-04-30&kind=expense&receipt=without',
  },
  {
    key: 'recurringNotPosted' as const,
    label: 'Recurring entries due and not posted',
    count: 0,
    link: '/Recurring',
  },
  {
    key: 'employeesNotPaid' as const,
    label: 'Employees not paid by a payroll',
    count: 1,
    link: '/Payroll?month=2026-04',
  },
  {
    key: 'recordedLate' as const,
    label: 'Entries recorded after the month ended',
    count: 0,
    link: '/Journal?from=2026-04-01&to=2026-04-30&recordedAfter=2026-04-30',
  },
  {
    key: 'statementLinesUnmatched' as const,
    label: 'Statement lines not matched',
    count: 3,
    link: '/Accounts/7/reconcile',
  },
  {
    key: 'accountsNotReconciled' as const,
    label: "Accounts not reconciled through the month's last day",
    count: 2,
    link: '/Accounts',
  },
];

const checklist = (over: object = {}) => ({
  month: '2026-04',
  from: '2026-04-01',
  to: '2026-04-30',
  closedThrough: '2026-03-31',
  closed: false,
  canClose: true,
  refusal: null,
  items: ITEMS,
  openCount: 8,
  ...over,
});

describe('MonthEndPage', () => {
  it('should open on last month and list what is still open, each count linking to exactly those items', async () => {
    mockCurrentUser('staff');
    const get = mockEndpoint(endpoints.getMonthEnd, checklist());
    renderScreen(<MonthEndPage />);
    expect(screen.getByRole('heading', { name: 'Month end' })).toBeInTheDocument();
    expect(
      await screen.findByRole('link', { name: 'Expenses without a receipt: 2' }),
    ).toHaveAttribute('href', ITEMS[0]!.link);
    expect(get.calls[0]!.query).toEqual({ month: previousMonth(monthOf()) });
    expect(
      screen.getByRole('link', { name: 'Employees not paid by a payroll: 1' }),
    ).toHaveAttribute('href', '/Payroll?month=2026-04');
    // The bank's items: one account's worklist, or the accounts when several have some.
    expect(screen.getByRole('link', { name: 'Statement lines not matched: 3' })).toHaveAttribute(
      'href',
      '/Accounts/7/reconcile',
    );
    expect(
      screen.getByRole('link', { name: "Accounts not reconciled through the month's last day: 2" }),
    ).toHaveAttribute('href', '/Accounts');
    // Nothing open: said, with no link to an empty list.
    expect(screen.getByText('Recurring entries due and not posted: 0')).toBeInTheDocument();
    expect(screen.getByText('Books closed through 2026-03-31.')).toBeInTheDocument();
    // Staff read it; only admins close.
    expect(screen.queryByRole('button', { name: 'Close the month' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download month-end pack (PDF)' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Download month-end pack (Excel)' })).toBeEnabled();
    expect(await axeViolations()).toEqual([]);
  });

  it('should ask for the month chosen and keep it in the address', async () => {
    mockCurrentUser('staff');
    window.history.replaceState({}, '', '/MonthEnd?month=2026-04');
    const get = mockEndpoint(endpoints.getMonthEnd, checklist());
    renderScreen(<MonthEndPage />);
    await screen.findByRole('link', { name: 'Expenses without a receipt: 2' });
    expect(get.calls[0]!.query).toEqual({ month: '2026-04' });
    expect(screen.getByLabelText('Month')).toHaveValue('2026-04');
  });

  it('should download the month-end pack of the month chosen as a PDF and as a workbook', async () => {
    mockCurrentUser('staff');
    window.history.replaceState({}, '', '/MonthEnd?month=2026-04');
    mockEndpoint(endpoints.getMonthEnd, checklist());
    const pdf = mockEndpoint(endpoints.monthEndPackPdf, 'pdf bytes');
    const excel = mockEndpoint(endpoints.monthEndPackExcel, 'xlsx bytes');
    const downloads = collectDownloads();
    const { user } = renderScreen(<MonthEndPage />);
    await screen.findByRole('link', { name: 'Expenses without a receipt: 2' });
    await user.click(screen.getByRole('button', { name: 'Download month-end pack (PDF)' }));
    await user.click(screen.getByRole('button', { name: 'Download month-end pack (Excel)' }));
    await waitFor(() =>
      expect(downloads.fileNames).toEqual(['month-end-pack.pdf', 'month-end-pack.xlsx']),
    );
    expect(pdf.calls.map((call) => call.query)).toEqual([{ month: '2026-04' }]);
    expect(excel.calls.map((call) => call.query)).toEqual([{ month: '2026-04' }]);
  });

  it('should close the month after a confirmation that names what is still open', async () => {
    mockCurrentUser('admin');
    window.history.replaceState({}, '', '/MonthEnd?month=2026-04');
    const dialogs = collectDialogs();
    mockEndpoint(endpoints.getMonthEnd, checklist());
    const close = mockEndpoint(endpoints.closeMonth, {
      message: 'Month closed',
      closedThrough: '2026-04-30',
      open: {
        expensesWithoutReceipt: 2,
        recurringNotPosted: 0,
        employeesNotPaid: 1,
        recordedLate: 0,
        statementLinesUnmatched: 3,
        accountsNotReconciled: 2,
      },
    });
    const { user } = renderScreen(<MonthEndPage />);
    const button = await screen.findByRole('button', { name: 'Close the month' });
    await waitFor(() => expect(button).toBeEnabled());
    dialogs.answerConfirms(false);
    await user.click(button);
    expect(dialogs.confirms).toEqual([
      'Close April 2026? Still open: Expenses without a receipt: 2; Employees not paid by a payroll: 1; ' +
        "Statement lines not matched: 3; Accounts not reconciled through the month's last day: 2.",
    ]);
    expect(close.calls).toHaveLength(0);
    dialogs.answerConfirms(true);
    await user.click(button);
    await waitFor(() => expect(close.calls).toHaveLength(1));
    expect(close.calls[0]!.body).toEqual({ month: '2026-04' });
    await waitFor(() =>
      expect(dialogs.alerts).toEqual(['Month closed: books closed through 2026-04-30']),
    );
  });

  it('should not offer the close while it cannot be, and say why', async () => {
    mockCurrentUser('admin');
    mockEndpoint(
      endpoints.getMonthEnd,
      checklist({
        canClose: false,
        refusal: 'An earlier month is still open: close it first. Books closed through 2026-02-28',
      }),
    );
    renderScreen(<MonthEndPage />);
    expect(
      await screen.findByText(
        'An earlier month is still open: close it first. Books closed through 2026-02-28',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close the month' })).toBeDisabled();
  });

  it("should show the server's refusal of a close", async () => {
    mockCurrentUser('admin');
    const dialogs = collectDialogs();
    mockEndpoint(endpoints.getMonthEnd, checklist());
    mockEndpoint(
      endpoints.closeMonth,
      failWith(409, 'The books are already closed through 2026-04-30'),
    );
    const { user } = renderScreen(<MonthEndPage />);
    const button = await screen.findByRole('button', { name: 'Close the month' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    await waitFor(() =>
      expect(dialogs.alerts).toEqual(['The books are already closed through 2026-04-30']),
    );
  });
});
