// What the month-end exports hold (issue 34): the spec's reports beside another period. Budget
// vs actual and receivables aging are in budget-aging-documents.ts, the month-end pack in
// month-end-pack-pdf.ts and month-end-pack-excel.ts. Content only: the files are written by
// exports/excel.ts and exports/pdf.ts as every other export is.
import {
  apiMessages,
  messages,
  MoneyTotal,
  type Change,
  type Finance,
  type YearlyRow,
  MONTH_NAMES,
} from 'contract';
import type { DayRange } from '../lib/dates.js';
import type { ExcelExport, ExportContext } from './documents.js';
import { PDF_MAX_ROWS, printMoney } from './documents.js';
import { badRequest } from '../lib/errors.js';
import { type SheetCell, type SheetColumn } from './excel.js';
import { repeatedHeaderTable, type PdfCell, type PdfContent } from './pdf.js';

export const periodLine = (range: DayRange) =>
  `${messages.exportPeriod}: ${range.from} to ${range.to}`;
export const comparedLine = (other: DayRange) => `Compared with: ${other.from} to ${other.to}`;
export const percentOf = (current: number, other: number) =>
  other === 0 ? null : Math.round(((current - other) * 10000) / Math.abs(other)) / 100;
export const printPercent = (percent: number | null) =>
  percent === null ? '' : `${percent.toFixed(2)}%`;

/** A compared figure: this period's value and its Change. */
export interface ComparedLine {
  name: string;
  value: number;
  change: Change;
}

export const COMPARED_HEADERS = ['Other period', 'Change', 'Change %'];

/** The rows of a compared table as cells: name, value, other, change, percent. */
export const comparedCells = (lines: ComparedLine[]): SheetCell[][] =>
  lines.map((line) => [
    line.name,
    line.value,
    line.change.other,
    line.change.change,
    line.change.percent,
  ]);

export function fixed(
  rows: SheetCell[][],
  totals: { label: string; cells: Record<number, SheetCell> },
) {
  return {
    batches: (async function* () {
      if (rows.length > 0) yield rows;
    })(),
    end: () => ({ totals }),
  };
}

export const specOf = (
  context: ExportContext,
  title: string,
  details: string[],
  columns: SheetColumn[],
) => ({
  company: context.company,
  title,
  details,
  generatedBy: context.generatedBy,
  generatedAt: context.generatedAt,
  columns,
});

/** A report of one figure per row beside another period, with a totals row. */
export function comparedExcel(
  context: ExportContext,
  title: string,
  details: string[],
  headers: [string, string],
  lines: ComparedLine[],
  totalsLabel: string = messages.exportTotals,
  totalsLine?: ComparedLine,
): ExcelExport {
  const value = new MoneyTotal();
  const other = new MoneyTotal();
  for (const line of lines) {
    value.add(line.value);
    other.add(line.change.other);
  }
  const total = totalsLine ?? {
    name: totalsLabel,
    value: value.amount,
    change: {
      other: other.amount,
      change: value.amount - other.amount,
      percent: percentOf(value.amount, other.amount),
    },
  };
  return {
    spec: specOf(context, title, details, [
      { header: headers[0], kind: 'text', width: 32 },
      { header: headers[1], kind: 'money' },
      ...COMPARED_HEADERS.map((header) => ({ header, kind: 'money' as const })),
    ]),
    source: fixed(comparedCells(lines), {
      label: totalsLabel,
      cells: {
        1: total.value,
        2: total.change.other,
        3: Math.round(total.change.change * 100) / 100,
        4: total.change.percent,
      },
    }),
  };
}

/** The Finance Report's figures beside the other period; profit/loss is the totals row. */
export function financeLines(finance: Finance): { lines: ComparedLine[]; profit: ComparedLine } {
  const compare = finance.compare;
  if (!compare) throw new Error('a comparison was asked for');
  return {
    lines: [
      { name: 'Income', value: finance.income, change: compare.income },
      { name: 'Salary', value: finance.salary, change: compare.salary },
      { name: 'Expense', value: finance.expense, change: compare.expense },
    ],
    profit: {
      name: 'Profit/Loss',
      value: finance.profitLoss ?? 0,
      change: compare.profitLoss,
    },
  };
}

export function financeComparedExcel(context: ExportContext, range: DayRange, finance: Finance) {
  const { lines, profit } = financeLines(finance);
  const other = finance.compare as DayRange;
  return comparedExcel(
    context,
    'Finance Report',
    [periodLine(range), comparedLine(other)],
    ['Figure', 'Amount'],
    lines,
    'Profit/Loss',
    profit,
  );
}

export const comparedPdfTable = (headers: [string, string], lines: ComparedLine[], bold?: number) =>
  repeatedHeaderTable(
    [
      { header: headers[0], width: '*' },
      { header: headers[1], width: 88, align: 'right' },
      ...COMPARED_HEADERS.map((header) => ({ header, width: 88, align: 'right' as const })),
    ],
    lines.map((line) => [
      line.name,
      printMoney(line.value),
      printMoney(line.change.other),
      printMoney(line.change.change),
      printPercent(line.change.percent),
    ]),
    { boldRows: bold === undefined ? undefined : new Set([bold]) },
  );

/**
 * A report of one figure per row (Expense Vs Type, Employees Vs Salary, the Income Report) as a
 * PDF, with a totals row: beside the other period when `compared`, else the figure alone.
 */
export function figuresPdf(
  title: string,
  details: string[],
  headers: [string, string],
  lines: ComparedLine[],
  compared: boolean,
) {
  if (lines.length + 1 > PDF_MAX_ROWS) throw badRequest(apiMessages.pdfTooManyRows);
  const value = new MoneyTotal();
  const other = new MoneyTotal();
  for (const line of lines) {
    value.add(line.value);
    other.add(line.change.other);
  }
  const change = new MoneyTotal();
  change.add(value.amount);
  change.add(-other.amount);
  const total: ComparedLine = {
    name: messages.exportTotals,
    value: value.amount,
    change: {
      other: other.amount,
      change: change.amount,
      percent: percentOf(value.amount, other.amount),
    },
  };
  const table = compared
    ? comparedPdfTable(headers, [...lines, total], lines.length)
    : repeatedHeaderTable(
        [
          { header: headers[0], width: '*' },
          { header: headers[1], width: 120, align: 'right' },
        ],
        [...lines, total].map((line) => [line.name, printMoney(line.value)]),
        { boldRows: new Set([lines.length]) },
      );
  return { title, details, content: [table] as PdfContent[] };
}

export function financeComparedPdf(range: DayRange, finance: Finance) {
  const { lines, profit } = financeLines(finance);
  const other = finance.compare as DayRange;
  return {
    title: 'Finance Report',
    details: [periodLine(range), comparedLine(other)],
    content: [comparedPdfTable(['Figure', 'Amount'], [...lines, profit], 3)] as PdfContent[],
  };
}

/** Yearly beside the year before: each figure with the other year's and the change. */
export function yearlyComparedExcel(context: ExportContext, year: number, rows: YearlyRow[]) {
  const figures = ['income', 'salary', 'expense', 'pending'] as const;
  const names = { income: 'Income', salary: 'Salary', expense: 'Expense', pending: 'Profit/Loss' };
  const columns: SheetColumn[] = [{ header: 'Month', kind: 'text', width: 14 }];
  for (const figure of figures)
    columns.push(
      { header: names[figure], kind: 'money' },
      { header: `${names[figure]} ${year - 1}`, kind: 'money' },
      { header: `${names[figure]} change`, kind: 'money' },
      { header: `${names[figure]} change %`, kind: 'money' },
    );
  const sums = figures.map(() => [new MoneyTotal(), new MoneyTotal()] as const);
  const cells = rows.map((row) => {
    const out: SheetCell[] = [MONTH_NAMES[row.month - 1] ?? String(row.month)];
    figures.forEach((figure, index) => {
      const change = row.compare?.[figure];
      sums[index]?.[0].add(row[figure]);
      sums[index]?.[1].add(change?.other);
      out.push(row[figure], change?.other ?? 0, change?.change ?? 0, change?.percent ?? null);
    });
    return out;
  });
  const totals: Record<number, SheetCell> = {};
  figures.forEach((_, index) => {
    const [value, other] = sums[index] ?? [new MoneyTotal(), new MoneyTotal()];
    totals[1 + index * 4] = value.amount;
    totals[2 + index * 4] = other.amount;
    totals[3 + index * 4] = Math.round((value.amount - other.amount) * 100) / 100;
    totals[4 + index * 4] = percentOf(value.amount, other.amount);
  });
  return {
    spec: specOf(
      context,
      'Yearly Report',
      [`${messages.exportYear}: ${year}`, `Compared with: ${year - 1}`],
      columns,
    ),
    source: fixed(cells, { label: messages.exportTotals, cells: totals }),
  };
}

export function yearlyComparedPdf(year: number, rows: YearlyRow[]) {
  const figures = ['income', 'salary', 'expense', 'pending'] as const;
  const body: PdfCell[][] = rows.map((row) => [
    MONTH_NAMES[row.month - 1] ?? String(row.month),
    ...figures.flatMap((figure) => [
      printMoney(row[figure]),
      printMoney(row.compare?.[figure].other ?? 0),
    ]),
    printPercent(row.compare?.pending.percent ?? null),
  ]);
  const columns = [
    { header: 'Month', width: 58 },
    ...['Income', 'Salary', 'Expense', 'Profit/Loss'].flatMap((name) => [
      { header: name, width: '*' as const, align: 'right' as const },
      { header: String(year - 1), width: '*' as const, align: 'right' as const },
    ]),
    { header: 'P/L change %', width: 52, align: 'right' as const },
  ];
  return {
    title: 'Yearly Report',
    details: [`${messages.exportYear}: ${year}`, `Compared with: ${year - 1}`],
    content: [repeatedHeaderTable(columns, body)] as PdfContent[],
  };
}
