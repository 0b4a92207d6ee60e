// The month-end pack as one PDF (issue 34): the Finance Report, Expense Vs Type, Budget vs actual
// and receivables aging of the month against the month before; the trial balance, balance sheet
// and each money account's bank reconciliation at the month's last day (issue 40,
// month-end-pack-ledger.ts); then what is still open. Each
// part is a titled table: its title once, above its column headers; a totals row only where its
// rows add up (the open items are counted in different things, so they have none).
import { messages, MoneyTotal, type BudgetReport, type Change, type Finance } from 'contract';
import type { MonthEnd, Receivables } from 'contract';
import type { DayRange } from '../lib/dates.js';
import {
  comparedLine,
  comparedPdfTable,
  financeLines,
  percentOf,
  periodLine,
  type ComparedLine,
} from './month-end-documents.js';
import { budgetPdfTable, receivablesPdfTable } from './budget-aging-documents.js';
import { packStatementsPdf, type PackStatements } from './month-end-pack-ledger.js';
import { repeatedHeaderTable, type PdfContent, type PdfTable } from './pdf.js';

export interface MonthEndPack {
  month: MonthEnd;
  range: DayRange;
  finance: Finance;
  byType: Array<{ expenseType: string; totalExpense: number; compare?: { totalExpense: Change } }>;
  budget: BudgetReport;
  receivables: Receivables;
  /** The ledger's statements and the reconciliations at the month's last day. */
  statements: PackStatements;
}

export const byTypeLines = (pack: MonthEndPack): ComparedLine[] =>
  pack.byType.map((row) => ({
    name: row.expenseType,
    value: row.totalExpense,
    change: row.compare?.totalExpense ?? { other: 0, change: row.totalExpense, percent: null },
  }));

/** The sum of compared lines: the figures, the other period's, the change and its percent. */
export function totalLine(lines: ComparedLine[]): ComparedLine {
  const value = new MoneyTotal();
  const other = new MoneyTotal();
  for (const line of lines) {
    value.add(line.value);
    other.add(line.change.other);
  }
  const change = new MoneyTotal();
  change.add(value.amount);
  change.add(-other.amount);
  return {
    name: messages.exportTotals,
    value: value.amount,
    change: {
      other: other.amount,
      change: change.amount,
      percent: percentOf(value.amount, other.amount),
    },
  };
}

const titled = (table: PdfTable, title: string): PdfTable => ({ ...table, title });

/** The pack's open items: each counted in its own thing, so without a total. */
export const openItemsTable = (pack: MonthEndPack): PdfTable =>
  repeatedHeaderTable(
    [
      { header: 'Item', width: '*' },
      { header: 'Count', width: 60, align: 'right' },
    ],
    pack.month.items.length > 0
      ? pack.month.items.map((item) => [item.label, String(item.count)])
      : [[{ text: messages.noRecordsFound, colSpan: 2 }, '']],
  );

export function monthEndPackPdf(pack: MonthEndPack) {
  const { lines, profit } = financeLines(pack.finance);
  const other = pack.finance.compare as DayRange;
  const byType = byTypeLines(pack);
  return {
    title: `Month-end pack – ${pack.month.month}`,
    details: [
      periodLine(pack.range),
      comparedLine(other),
      `Books closed through: ${pack.month.closedThrough ?? 'none'}`,
    ],
    content: [
      titled(comparedPdfTable(['Figure', 'Amount'], [...lines, profit], 3), 'Finance Report'),
      titled(
        comparedPdfTable(
          ['Expense type', 'Expense'],
          [...byType, totalLine(byType)],
          byType.length,
        ),
        'Expense Vs Type',
      ),
      titled(budgetPdfTable(pack.budget), 'Budget vs actual'),
      titled(receivablesPdfTable(pack.receivables), `Receivables aging on ${pack.range.to}`),
      ...packStatementsPdf(pack.statements),
      titled(openItemsTable(pack), 'Still open'),
    ] as PdfContent[],
  };
}
