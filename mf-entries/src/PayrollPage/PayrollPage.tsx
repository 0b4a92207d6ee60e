import { useEffect, useRef, useState } from 'react';
import { payslipFileName } from 'contract/browser';
import {
  AmountInput,
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
  Select,
} from 'shared-ui';
import type { TableColumn } from 'shared-ui';
import { BooksClosed } from '../BooksClosed';
import { usePayroll, type PayrollLineView } from './usePayroll';
import './PayrollPage.css';
import { AccountPicker } from '../EntryForm/AccountPicker';

type Payroll = ReturnType<typeof usePayroll>;

function columns(payroll: Payroll): Array<TableColumn<PayrollLineView>> {
  const { change, typeAmount, month } = payroll;
  return [
    {
      key: 'name',
      header: 'Employee',
      // Their record: what they were paid, month by month.
      render: (row) => (
        <AppLink to={href('employeeLedger', { employeeId: row.employeeId })}>{row.name}</AppLink>
      ),
    },
    { key: 'number', header: 'Number', render: (row) => row.number },
    {
      key: 'amount',
      header: 'Amount',
      kind: 'money',
      render: (row) => (
        <AmountInput
          className="mf-payroll__amount"
          aria-label={`Amount for ${row.name}`}
          value={row.amount}
          disabled={row.paidByPayroll}
          onChange={(amount) => typeAmount(row.employeeId, amount)}
          aria-describedby={row.fromLastMonth ? `mf-payroll-last-${row.employeeId}` : undefined}
        />
      ),
    },
    {
      key: 'offered',
      header: 'From',
      render: (row) =>
        row.fromLastMonth ? (
          <span id={`mf-payroll-last-${row.employeeId}`} className="mf-payroll__hint">
            last month
          </span>
        ) : row.monthlySalary !== null ? (
          'monthly salary'
        ) : null,
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
        // Out of the Tab order, so that Tab goes from row to row; the Payslip picker under the
        // table offers every payslip to the keyboard.
        <DownloadButton
          endpoint={endpoints.payslipPdf}
          input={{ query: { employeeId: row.employeeId, month } }}
          label={messages.payslip}
          fileName={payslipFileName(month, row.employeeId)}
          tabIndex={-1}
          aria-label={`${messages.payslip} of ${row.name}`}
        />
      ),
    },
  ];
}

/** Ticks or unticks every row that can still be paid; "mixed" while only some are ticked. */
function PayAll({ payroll }: { payroll: Payroll }) {
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current) box.current.indeterminate = payroll.allTicked === 'some';
  }, [payroll.allTicked]);
  return (
    <label className="mf-payroll__all">
      <input
        ref={box}
        type="checkbox"
        checked={payroll.allTicked === true}
        disabled={payroll.rows.every((row) => row.paidByPayroll)}
        onChange={(event) => payroll.payAll(event.target.checked)}
      />{' '}
      Pay all
    </label>
  );
}

/** Any employee's payslip for the month, for the keyboard (the rows' buttons are out of Tab). */
function PayslipPicker({ payroll }: { payroll: Payroll }) {
  const [employeeId, setEmployeeId] = useState('');
  const chosen = payroll.rows.find((row) => String(row.employeeId) === employeeId);
  return (
    <div className="mf-payroll__payslip">
      <Select
        label="Payslip of"
        name="payslipOf"
        value={employeeId}
        onChange={setEmployeeId}
        placeholder="Select employee"
        options={payroll.rows.map((row) => ({ value: String(row.employeeId), label: row.name }))}
      />
      <DownloadButton
        endpoint={endpoints.payslipPdf}
        input={{ query: { employeeId: chosen?.employeeId, month: payroll.month } }}
        label="Download payslip"
        fileName={chosen ? payslipFileName(payroll.month, chosen.employeeId) : undefined}
        disabled={!chosen}
      />
    </div>
  );
}

const salaries = (count: number) => `${count} ${count === 1 ? 'salary' : 'salaries'}`;

/**
 * What the run would post, above the list so that it is read before the button is pressed: the
 * count and the total of the ticked rows, the account paid from and Post payroll, which asks
 * once in place ("Post 3 salaries, RS: 6,000.50" or Cancel) before anything is posted.
 */
function PostPayroll({ payroll, closed }: { payroll: Payroll; closed: boolean }) {
  const confirm = useRef<HTMLButtonElement>(null);
  const post = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  useEffect(() => {
    if (payroll.confirming) confirm.current?.focus();
    else if (asked.current && !payroll.posting) post.current?.focus();
    asked.current = payroll.confirming;
  }, [payroll.confirming, payroll.posting]);
  return (
    <div className="mf-payroll__post">
      <p className="mf-payroll__total" aria-live="polite">
        Salaries to post: <strong>{payroll.count}</strong> · Total:{' '}
        <strong>{formatRs(payroll.total)}</strong>
      </p>
      <div className="mf-payroll__actions">
        <AccountPicker value={payroll.accountId} onChange={payroll.setAccountId} />
        {payroll.confirming ? (
          <>
            <Button ref={confirm} onClick={() => void payroll.submit()}>
              {`Post ${salaries(payroll.count)}, ${formatRs(payroll.total)}`}
            </Button>
            <Button variant="secondary" onClick={payroll.cancel}>
              Cancel
            </Button>
          </>
        ) : (
          <Button
            ref={post}
            busy={payroll.posting}
            busyLabel="Posting..."
            disabled={closed}
            onClick={payroll.ask}
          >
            Post payroll
          </Button>
        )}
        {payroll.batchId !== null && (
          <AppLink to={href('journal', { batchId: payroll.batchId })}>
            Entries of this payroll in the journal
          </AppLink>
        )}
      </div>
    </div>
  );
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
      {payroll.sheet && payroll.rows.length === 0 && (
        <p className="mf-payroll__hint">
          No employees yet: add them on <AppLink to={href('employees')}>Employees</AppLink>
        </p>
      )}
      <PostPayroll payroll={payroll} closed={closed} />
      <PayAll payroll={payroll} />
      <Table
        caption={`Payroll ${payroll.month}`}
        columns={columns(payroll)}
        rows={payroll.rows}
        rowKey={(row) => row.employeeId}
        loading={payroll.loading}
      />
      <PayslipPicker payroll={payroll} />
    </section>
  );
}
