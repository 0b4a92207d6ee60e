import type { ChangeEvent } from 'react';
import { payslipFileName } from 'contract';
import {
  AppLink,
  Button,
  Table,
  DownloadButton,
  endpoints,
  Field,
  formatMoney,
  formatRs,
  href,
  messages,
} from 'shared-ui';
import type { TableColumn } from 'shared-ui';
import { BooksClosed } from '../BooksClosed';
import { usePayroll, type PayrollLineView } from './usePayroll';
import './PayrollPage.css';
import { AccountPicker } from '../EntryForm/AccountPicker';

type Change = ReturnType<typeof usePayroll>['change'];

function columns(change: Change, month: string): Array<TableColumn<PayrollLineView>> {
  return [
    { key: 'name', header: 'Employee', render: (row) => row.name },
    { key: 'number', header: 'Number', render: (row) => row.number },
    {
      key: 'amount',
      header: 'Amount',
      kind: 'money',
      render: (row) => (
        <input
          className="ofs-input mf-payroll__amount"
          aria-label={`Amount for ${row.name}`}
          inputMode="decimal"
          value={row.amount}
          disabled={row.paidByPayroll}
          onChange={(event: ChangeEvent<HTMLInputElement>) =>
            change(row.employeeId, { amount: event.target.value })
          }
        />
      ),
    },
    {
      key: 'pay',
      header: 'Pay',
      render: (row) => (
        <input
          type="checkbox"
          aria-label={`Pay ${row.name}`}
          checked={row.pay}
          disabled={row.paidByPayroll}
          onChange={(event) => change(row.employeeId, { pay: event.target.checked })}
        />
      ),
    },
    {
      key: 'paid',
      header: 'Already paid',
      kind: 'money',
      render: (row) =>
        row.paidByPayroll ? `${formatMoney(row.paid)} (paid)` : formatMoney(row.paid),
    },
    {
      key: 'payslip',
      header: messages.payslip,
      render: (row) => (
        <DownloadButton
          endpoint={endpoints.payslipPdf}
          input={{ query: { employeeId: row.employeeId, month } }}
          label={messages.payslip}
          fileName={payslipFileName(month, row.employeeId)}
        />
      ),
    },
  ];
}

/**
 * The /Payroll screen (issue 23): a month's salaries reviewed on one sheet and posted in one
 * step, each employee paid once per month.
 */
export function PayrollPage() {
  const payroll = usePayroll();
  const closed = payroll.sheet?.closed === true;
  return (
    <section className="mf-payroll">
      <h1 className="ofs-page-title">Payroll</h1>
      <BooksClosed />
      <div className="mf-payroll__month">
        <Field label="Month">
          {(id) => (
            <input
              id={id}
              name="month"
              type="month"
              className="ofs-input"
              value={payroll.month}
              onChange={(event) => payroll.setMonth(event.target.value)}
            />
          )}
        </Field>
        {payroll.sheet && <p>Salaries are dated {payroll.sheet.date}.</p>}
      </div>
      {closed && <p role="status">{messages.payrollClosed}</p>}
      <Table
        caption={`Payroll ${payroll.month}`}
        columns={columns(payroll.change, payroll.month)}
        rows={payroll.rows}
        rowKey={(row) => row.employeeId}
        loading={payroll.loading}
      />
      <p className="mf-payroll__total" aria-live="polite">
        Total: <strong>{formatRs(payroll.total)}</strong>
      </p>
      <div className="mf-payroll__actions">
        <AccountPicker value={payroll.accountId} onChange={payroll.setAccountId} />
        <Button
          busy={payroll.posting}
          busyLabel="Posting..."
          disabled={closed}
          onClick={() => void payroll.submit()}
        >
          Post payroll
        </Button>
        {payroll.batchId !== null && (
          <AppLink to={href('journal', { batchId: payroll.batchId })}>
            Entries of this payroll in the journal
          </AppLink>
        )}
      </div>
    </section>
  );
}
