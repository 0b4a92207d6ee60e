// What each Excel and PDF export holds: its title, header lines, columns and rows, read from the
// same queries as the JSON calls (repositories/reports.ts), so the files' figures are the API's.
// Long lists (the ledgers, in party-ledger-documents.ts; the Journal, in journal-excel.ts) are
// read in keyset pages and written as they come; totals are summed in exact cents.
import {
  formatMoney,
  messages,
  MoneyTotal,
  type Finance,
  type Totals,
  type YearlyRow,
  MONTH_NAMES,
} from 'contract';
import type { Db } from '../db/index.js';
import type { DayRange } from '../lib/dates.js';
import type { CompanyWithLogo } from '../repositories/company.js';
import type { SheetCell, SheetColumn, SheetSource, SheetSpec } from './excel.js';
import type { PdfContent } from './pdf.js';
import { repeatedHeaderTable } from './pdf.js';

/** Who asks for a file, and when, with the company it is made for. */
export interface ExportContext {
  db: Db;
  company: CompanyWithLogo;
  generatedBy: string;
  generatedAt: Date;
}

/** An export as the Excel writer takes it. */
export interface ExcelExport {
  spec: SheetSpec;
  source: SheetSource;
}

export const PAGE = 5000;

/** `1,234.50`, `-20.00`: money as the statements print it. */
export const printMoney = (amount: number | string): string => formatMoney(amount);

export const periodLine = (range: DayRange) =>
  `${messages.exportPeriod}: ${range.from} to ${range.to}`;

export const spec = (
  context: ExportContext,
  title: string,
  details: string[],
  columns: SheetColumn[],
): SheetSpec => ({
  company: context.company,
  title,
  details,
  generatedBy: context.generatedBy,
  generatedAt: context.generatedAt,
  columns,
});

/** A source of one batch that is already in memory (a report of a few hundred rows). */
function fixedSource(
  rows: SheetCell[][],
  end: SheetSource['end'],
  opening?: SheetSource['opening'],
) {
  return {
    opening,
    batches: (async function* () {
      if (rows.length > 0) yield rows;
    })(),
    end,
  };
}

// --- reports --------------------------------------------------------------------------------

export function financeExcel(
  context: ExportContext,
  range: DayRange,
  finance: Finance,
): ExcelExport {
  const rows: SheetCell[][] = [
    ['Income', finance.income],
    ['Salary', finance.salary],
    ['Expense', finance.expense],
  ];
  const left = new MoneyTotal();
  left.add(finance.income);
  left.add(-finance.salary);
  left.add(-finance.expense);
  return {
    spec: spec(
      context,
      'Finance Report',
      [periodLine(range)],
      [
        { header: 'Figure', kind: 'text' },
        { header: 'Amount', kind: 'money' },
      ],
    ),
    source: fixedSource(rows, () => ({
      totals: { label: 'Profit/Loss', cells: { 1: left.amount } },
    })),
  };
}

export function totalsExcel(context: ExportContext, totals: Totals): ExcelExport {
  const rows: SheetCell[][] = [
    ['Admins', totals.admins],
    ['Employees', totals.employees],
    ['Clients', totals.clients],
  ];
  return {
    spec: spec(
      context,
      'System Totals',
      [],
      [
        { header: 'Head-count', kind: 'text' },
        { header: 'Number', kind: 'count' },
      ],
    ),
    source: fixedSource(rows, () => ({
      totals: {
        label: messages.exportTotals,
        cells: { 1: totals.admins + totals.employees + totals.clients },
      },
    })),
  };
}

/** A report of one name column and money columns, each summed in the totals row. */
function moneyTable(
  context: ExportContext,
  title: string,
  details: string[],
  columns: SheetColumn[],
  rows: SheetCell[][],
): ExcelExport {
  const sums = columns.map(() => new MoneyTotal());
  for (const row of rows)
    row.forEach((value, index) => {
      if (columns[index]?.kind === 'money') sums[index]?.add(value);
    });
  const cells: Record<number, SheetCell> = {};
  columns.forEach((column, index) => {
    if (column.kind === 'money') cells[index] = sums[index]?.amount ?? 0;
  });
  return {
    spec: spec(context, title, details, columns),
    source: fixedSource(rows, () => ({ totals: { label: messages.exportTotals, cells } })),
  };
}

export const clientsVsSalesExcel = (
  context: ExportContext,
  rows: Array<{ clientname: string; totalDebit: number; totalCredit: number; netTotal: number }>,
) =>
  moneyTable(
    context,
    'Clients Vs Sales',
    [],
    [
      { header: 'Client', kind: 'text', width: 32 },
      { header: 'Total Debit', kind: 'money' },
      { header: 'Total Credit', kind: 'money' },
      { header: 'Pending RS', kind: 'money' },
    ],
    rows.map((row) => [row.clientname, row.totalDebit, row.totalCredit, row.netTotal]),
  );

export const employeesVsSalaryExcel = (
  context: ExportContext,
  range: DayRange,
  rows: Array<{ employeeName: string; totalSalary: number }>,
) =>
  moneyTable(
    context,
    'Employees Vs Salary',
    [periodLine(range)],
    [
      { header: 'Employee', kind: 'text', width: 32 },
      { header: 'Total Salary', kind: 'money' },
    ],
    rows.map((row) => [row.employeeName, row.totalSalary]),
  );

export const expenseVsTypeExcel = (
  context: ExportContext,
  range: DayRange,
  rows: Array<{ expenseType: string; totalExpense: number }>,
) =>
  moneyTable(
    context,
    'Expense Vs Type',
    [periodLine(range)],
    [
      { header: 'Expense Type', kind: 'text', width: 32 },
      { header: 'Total Expense', kind: 'money' },
    ],
    rows.map((row) => [row.expenseType, row.totalExpense]),
  );

export const incomeReportExcel = (
  context: ExportContext,
  rows: Array<{ date: string; totalIncome: number }>,
) =>
  moneyTable(
    context,
    'Income Report',
    [],
    [
      { header: 'Date', kind: 'date' },
      { header: 'Total Income', kind: 'money' },
    ],
    rows.map((row) => [row.date, row.totalIncome]),
  );

const YEARLY_COLUMNS: SheetColumn[] = [
  { header: 'Month', kind: 'text', width: 14 },
  { header: 'Income', kind: 'money' },
  { header: 'Salary', kind: 'money' },
  { header: 'Expense', kind: 'money' },
  { header: 'Profit/Loss', kind: 'money' },
];

const yearlyCells = (rows: YearlyRow[]): SheetCell[][] =>
  rows.map((row) => [
    MONTH_NAMES[row.month - 1] ?? String(row.month),
    row.income,
    row.salary,
    row.expense,
    row.pending,
  ]);

export const yearlyExcel = (context: ExportContext, year: number, rows: YearlyRow[]) =>
  moneyTable(
    context,
    'Yearly Report',
    [`${messages.exportYear}: ${year}`],
    YEARLY_COLUMNS,
    yearlyCells(rows),
  );

/**
 * The most entries a statement's PDF lists: drawn in a worker of bounded heap
 * (pdf-in-worker.ts), which holds every row's text and one page, and takes its time (10,000 rows
 * some 8 s). A longer period is refused with a message pointing to a shorter one, or to the
 * Excel file, which has no such bound.
 */
export const PDF_MAX_ROWS = 15_000;

export function yearlyPdf(year: number, rows: YearlyRow[]) {
  const sums = [new MoneyTotal(), new MoneyTotal(), new MoneyTotal(), new MoneyTotal()];
  const body = rows.map((row) => {
    [row.income, row.salary, row.expense, row.pending].forEach((value, index) =>
      sums[index]?.add(value),
    );
    return [
      MONTH_NAMES[row.month - 1] ?? String(row.month),
      printMoney(row.income),
      printMoney(row.salary),
      printMoney(row.expense),
      printMoney(row.pending),
    ];
  });
  body.push([messages.exportTotals, ...sums.map((sum) => printMoney(sum.amount))]);
  const content: PdfContent[] = [
    repeatedHeaderTable(
      YEARLY_COLUMNS.map((column, index) => ({
        header: column.header,
        width: index === 0 ? '*' : 90,
        align: index === 0 ? 'left' : 'right',
      })),
      body,
      { boldRows: new Set([body.length - 1]) },
    ),
  ];
  return { title: 'Yearly Report', details: [`${messages.exportYear}: ${year}`], content };
}

export function financePdf(range: DayRange, finance: Finance) {
  const left = new MoneyTotal();
  left.add(finance.income);
  left.add(-finance.salary);
  left.add(-finance.expense);
  const content: PdfContent[] = [
    repeatedHeaderTable(
      [
        { header: 'Figure', width: '*' },
        { header: 'Amount', width: 120, align: 'right' },
      ],
      [
        ['Income', printMoney(finance.income)],
        ['Salary', printMoney(finance.salary)],
        ['Expense', printMoney(finance.expense)],
        ['Profit/Loss', printMoney(left.amount)],
      ],
      { boldRows: new Set([3]) },
    ),
  ];
  return { title: 'Finance Report', details: [periodLine(range)], content };
}
