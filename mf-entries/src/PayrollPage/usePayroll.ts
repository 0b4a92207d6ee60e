// The data of the /Payroll screen: the month (in the address, this month by default), its sheet
// from the server, what the user changed on it (amounts typed, rows ticked or not: typing an
// amount ticks its row, Pay all ticks every row), the total of the ticked rows, and posting the
// run. Someone without a monthly salary is offered what they were paid the month before. Posting refreshes the sheet, every report and the journal
// (the contract's topics).
import { useState } from 'react';
import { payrollPostedText, type PayrollRow } from 'contract/browser';
import {
  endpoints,
  formatMoney,
  messages,
  notify,
  sumMoney,
  toIsoDate,
  useApiWrite,
  useApiQuery,
  useScreenQuery,
  useSetScreenQuery,
} from 'shared-ui';
import { parseAmount } from '../EntryForm/amount';
import { accountIdOf } from '../EntryForm/AccountPicker';

/** What the user changed on a row: the amount typed and the Pay box. */
interface RowDraft {
  amount?: string;
  pay?: boolean;
}

/** A row as the screen shows it. */
export interface PayrollLineView extends PayrollRow {
  amount: string;
  pay: boolean;
  /** The amount shown is the month before's pay (no monthly salary, nothing typed). */
  fromLastMonth: boolean;
}

/** The amount a row starts from: the monthly salary, else what was paid the month before. */
const offered = (row: PayrollRow): string =>
  row.monthlySalary !== null
    ? String(row.monthlySalary)
    : row.lastMonthPaid !== null
      ? String(row.lastMonthPaid)
      : '';

export const thisMonth = () => toIsoDate(new Date()).slice(0, 7);

export function usePayroll() {
  const month = useScreenQuery('payroll').month ?? thisMonth();
  const setQuery = useSetScreenQuery('payroll');
  const sheet = useApiQuery(
    endpoints.getPayroll,
    { query: { month } },
    { refetchOnMount: 'always' },
  );
  const post = useApiWrite(endpoints.postPayroll, {
    onSuccess: (answer) => {
      setDrafts({});
      setBatchId(answer.batchId);
    },
    success: (answer) => payrollPostedText(answer.posted, formatMoney(answer.total)),
  });
  // Keyed by month and employee, so another month starts from the server's figures.
  const [drafts, setDrafts] = useState<Record<string, RowDraft>>({});
  // The batch the last run of this visit posted: a link to its entries in the journal.
  const [batchId, setBatchId] = useState<number | null>(null);
  // The account the salaries are paid from (issue 33); empty: the default one.
  const [accountId, setAccountId] = useState('');
  // Post payroll asks once: the button turns into "Post N salaries, RS: X" and Cancel.
  const [confirming, setConfirming] = useState(false);
  const keyOf = (employeeId: number) => `${month}:${employeeId}`;

  const rows: PayrollLineView[] = (sheet.data?.rows ?? []).map((row) => {
    const draft = drafts[keyOf(row.employeeId)] ?? {};
    const amount = draft.amount ?? offered(row);
    return {
      ...row,
      amount,
      // Someone a payroll run already paid this month is never ticked.
      pay: !row.paidByPayroll && (draft.pay ?? amount !== ''),
      fromLastMonth: draft.amount === undefined && row.monthlySalary === null && amount !== '',
    };
  });
  const ticked = rows.filter((row) => row.pay);
  const payable = rows.filter((row) => !row.paidByPayroll);
  const total = sumMoney(ticked.map((row) => parseAmount(row.amount) ?? 0));

  // Any change to the sheet withdraws a question asked about the figures before it.
  const change = (employeeId: number, next: RowDraft) => {
    setConfirming(false);
    setDrafts((all) => ({ ...all, [keyOf(employeeId)]: { ...all[keyOf(employeeId)], ...next } }));
  };

  /** Typing an amount ticks the row; emptying it unticks it. */
  const typeAmount = (employeeId: number, amount: string) =>
    change(employeeId, { amount, pay: amount.trim() !== '' });

  /** Ticks (or unticks) every row that can still be paid. */
  const payAll = (pay: boolean) => {
    setConfirming(false);
    setDrafts((all) => {
      const next = { ...all };
      for (const row of payable)
        next[keyOf(row.employeeId)] = { ...all[keyOf(row.employeeId)], pay };
      return next;
    });
  };

  const linesOf = () =>
    ticked.map((row) => ({ employeeId: row.employeeId, amount: parseAmount(row.amount) }));

  /** Post payroll: the ticked rows checked, then the question asked (nothing posted yet). */
  const ask = () => {
    if (ticked.length === 0) return notify(messages.payrollNothingTicked);
    if (linesOf().some((line) => line.amount === undefined)) return notify(messages.invalidAmount);
    setConfirming(true);
  };

  /** The answer to the question: posts the ticked rows as one run. */
  const submit = async () => {
    const lines = linesOf();
    if (ticked.length === 0 || lines.some((line) => line.amount === undefined)) return;
    setConfirming(false);
    await post.run({
      body: {
        month,
        lines: lines as Array<{ employeeId: number; amount: number }>,
        ...accountIdOf('Credit', accountId),
      },
    });
  };

  return {
    month,
    setMonth: (next: string) => {
      setConfirming(false);
      setQuery(next ? { month: next } : {}, { replace: true });
    },
    sheet: sheet.data,
    loading: sheet.isPending,
    rows,
    total,
    change,
    typeAmount,
    payAll,
    /** Pay all: every payable row ticked, some of them, or none. */
    allTicked:
      payable.length > 0 && ticked.length === payable.length
        ? true
        : ticked.length > 0
          ? ('some' as const)
          : false,
    /** How many rows are ticked: the salaries Post payroll would post. */
    count: ticked.length,
    ask,
    confirming,
    cancel: () => setConfirming(false),
    submit,
    posting: post.isPending,
    batchId,
    accountId,
    setAccountId,
  };
}
