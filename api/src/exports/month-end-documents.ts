// What the month-end exports hold (issue 34): the spec's reports beside another period, Budget
// vs actual, receivables aging, and the month-end pack. Content only: the files are written by
// exports/excel.ts and exports/pdf.ts as every other export is; the pack's workbook, the one
// export with several sheets, is small and built in memory here.
import {
  messages,
  type BudgetReport,
  type Change,
  type Finance,
  type MonthEnd,
  type Receivables,
  type YearlyRow,
} from 'contract';
import type { DayRange } from '../lib/dates.js';
import type { ExcelExport, ExportContext } from './documents.js';
import { printMoney } from './documents.js';
import {
  companyLines,
  DATE_FORMAT,
  generatedLine,
  MONEY_FORMAT,
  textCell,
  type SheetCell,
  type SheetColumn,
} from './excel.js';
import { repeatedHeaderTable, type PdfCell, type PdfContent, type PdfTable } from './pdf.js';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** Exact sums in cents. */
class Cents {
  private value = 0n;
  add(amount: number | null | undefined): void {
    if (amount === null || amount === undefined) return;
    this.value += BigInt(Math.round(Number(amount) * 100));
  }
  get amount(): number {
    return Number(this.value) / 100;
  }
}

const periodLine = (range: DayRange) => `${messages.exportPeriod}: ${range.from} to ${range.to}`;
export const comparedLine = (other: DayRange) => `Compared with: ${other.from} to ${other.to}`;
const percentOf = (current: number, other: number) =>
  other === 0 ? null : Math.round(((current - other) * 10000) / Math.abs(other)) / 100;
const printPercent = (percent: number | null) => (percent === null ? '' : `${percent.toFixed(2)}%`);

/** A compared figure: this period's value and its Change. */
export interface ComparedLine {
  name: string;
  value: number;
  change: Change;
}

const COMPARED_HEADERS = ['Other period', 'Change', 'Change %'];

/** The rows of a compared table as cells: name, value, other, change, percent. */
const comparedCells = (lines: ComparedLine[]): SheetCell[][] =>
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
  const value = new Cents();
  const other = new Cents();
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

const comparedPdfTable = (headers: [string, string], lines: ComparedLine[], bold?: number) =>
  repeatedHeaderTable(
    [
      { header: headers[0], width: '*' },
      { header: headers[1], width: 80, align: 'right' },
      ...COMPARED_HEADERS.map((header) => ({ header, width: 80, align: 'right' as const })),
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
  const sums = figures.map(() => [new Cents(), new Cents()] as const);
  const cells = rows.map((row) => {
    const out: SheetCell[] = [MONTHS[row.month - 1] ?? String(row.month)];
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
    const [value, other] = sums[index] ?? [new Cents(), new Cents()];
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
    MONTHS[row.month - 1] ?? String(row.month),
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

// --- Budget vs actual ----------------------------------------------------------------------

const BUDGET_HEADERS = ['Expense type', 'Budget', 'Actual', 'Difference', '% used'];

export function budgetExcel(context: ExportContext, report: BudgetReport): ExcelExport {
  return {
    spec: specOf(
      context,
      'Budget vs actual',
      [periodLine(report)],
      [
        { header: 'Expense type', kind: 'text', width: 32 },
        { header: 'Budget', kind: 'money' },
        { header: 'Actual', kind: 'money' },
        { header: 'Difference', kind: 'money' },
        { header: '% used', kind: 'money' },
        { header: 'Over budget', kind: 'text', width: 12 },
      ],
    ),
    source: fixed(budgetCells(report), {
      label: messages.exportTotals,
      cells: {
        1: report.totals.budget,
        2: report.totals.actual,
        3: report.totals.difference,
        4: report.totals.percentUsed,
      },
    }),
  };
}

const budgetCells = (report: BudgetReport): SheetCell[][] =>
  report.rows.map((row) => [
    row.expenseType,
    row.budget,
    row.actual,
    row.difference,
    row.percentUsed,
    row.overBudget ? 'Over budget' : '',
  ]);

export function budgetPdfTable(report: BudgetReport): PdfTable {
  const body: PdfCell[][] = report.rows.map((row) => [
    row.overBudget ? `${row.expenseType} (over budget)` : row.expenseType,
    printMoney(row.budget),
    printMoney(row.actual),
    printMoney(row.difference),
    printPercent(row.percentUsed),
  ]);
  if (body.length === 0) body.push([{ text: messages.noRecordsFound, colSpan: 5 }, '', '', '', '']);
  body.push([
    messages.exportTotals,
    printMoney(report.totals.budget),
    printMoney(report.totals.actual),
    printMoney(report.totals.difference),
    printPercent(report.totals.percentUsed),
  ]);
  const bold = new Set([body.length - 1]);
  report.rows.forEach((row, index) => {
    if (row.overBudget) bold.add(index);
  });
  return repeatedHeaderTable(
    BUDGET_HEADERS.map((header, index) => ({
      header,
      width: index === 0 ? '*' : 80,
      align: index === 0 ? 'left' : 'right',
    })),
    body,
    { boldRows: bold },
  );
}

export const budgetPdf = (report: BudgetReport) => ({
  title: 'Budget vs actual',
  details: [periodLine(report)],
  content: [budgetPdfTable(report)] as PdfContent[],
});

// --- Receivables aging ---------------------------------------------------------------------

const AGING_HEADERS = [
  'Client',
  'Balance',
  '0–30 days',
  '31–60 days',
  '61–90 days',
  'Over 90 days',
];

const agingCells = (report: Receivables): SheetCell[][] =>
  report.rows.map((row) => [
    row.clientName,
    row.balance,
    row.days0to30,
    row.days31to60,
    row.days61to90,
    row.over90,
    row.oldestInvoiceDate,
  ]);

export function receivablesExcel(context: ExportContext, report: Receivables): ExcelExport {
  return {
    spec: specOf(
      context,
      'Receivables aging',
      [`On: ${report.date}`],
      [
        { header: 'Client', kind: 'text', width: 32 },
        ...AGING_HEADERS.slice(1).map((header) => ({ header, kind: 'money' as const })),
        { header: 'Oldest invoice', kind: 'date' },
      ],
    ),
    source: fixed(agingCells(report), {
      label: messages.exportTotals,
      cells: {
        1: report.totals.balance,
        2: report.totals.days0to30,
        3: report.totals.days31to60,
        4: report.totals.days61to90,
        5: report.totals.over90,
      },
    }),
  };
}

export function receivablesPdfTable(report: Receivables): PdfTable {
  const money = (row: Receivables['totals']) => [
    printMoney(row.balance),
    printMoney(row.days0to30),
    printMoney(row.days31to60),
    printMoney(row.days61to90),
    printMoney(row.over90),
  ];
  const body: PdfCell[][] = report.rows.map((row) => [row.clientName, ...money(row)]);
  if (body.length === 0)
    body.push([{ text: messages.noRecordsFound, colSpan: 6 }, '', '', '', '', '']);
  body.push([messages.exportTotals, ...money(report.totals)]);
  return repeatedHeaderTable(
    AGING_HEADERS.map((header, index) => ({
      header,
      width: index === 0 ? '*' : 70,
      align: index === 0 ? 'left' : 'right',
    })),
    body,
    { boldRows: new Set([body.length - 1]) },
  );
}

export const receivablesPdf = (report: Receivables) => ({
  title: 'Receivables aging',
  details: [`On: ${report.date}`],
  content: [receivablesPdfTable(report)] as PdfContent[],
});

/** The aging line of a client's statement, under its closing balance. */
export function agingLine(report: Receivables): string {
  const row = report.rows[0];
  if (!row) return `Aging on ${report.date}: nothing owed`;
  return (
    `Aging on ${report.date}: 0–30 days ${printMoney(row.days0to30)} · ` +
    `31–60 days ${printMoney(row.days31to60)} · 61–90 days ${printMoney(row.days61to90)} · ` +
    `over 90 days ${printMoney(row.over90)}`
  );
}

// --- the month-end pack --------------------------------------------------------------------

export interface MonthEndPack {
  month: MonthEnd;
  range: DayRange;
  finance: Finance;
  byType: Array<{ expenseType: string; totalExpense: number; compare?: { totalExpense: Change } }>;
  budget: BudgetReport;
  receivables: Receivables;
}

/** A heading row over a table: one cell across its columns. */
const heading = (table: PdfTable, text: string): PdfTable => {
  const span = table.columns.length;
  const row: PdfCell[] = [{ text, colSpan: span }, ...Array.from({ length: span - 1 }, () => '')];
  const bold = new Set<number>([0]);
  for (const index of table.boldRows ?? []) bold.add(index + 1);
  return { ...table, rows: [row, ...table.rows], boldRows: bold };
};

const byTypeLines = (pack: MonthEndPack): ComparedLine[] =>
  pack.byType.map((row) => ({
    name: row.expenseType,
    value: row.totalExpense,
    change: row.compare?.totalExpense ?? { other: 0, change: row.totalExpense, percent: null },
  }));

export function monthEndPackPdf(pack: MonthEndPack) {
  const { lines, profit } = financeLines(pack.finance);
  const other = pack.finance.compare as DayRange;
  const open = repeatedHeaderTable(
    [
      { header: 'Still open', width: '*' },
      { header: 'Count', width: 60, align: 'right' },
    ],
    [
      ...pack.month.items.map((item) => [item.label, String(item.count)]),
      [messages.exportTotals, String(pack.month.openCount)],
    ],
    { boldRows: new Set([pack.month.items.length]) },
  );
  return {
    title: `Month-end pack – ${pack.month.month}`,
    details: [
      periodLine(pack.range),
      comparedLine(other),
      `Books closed through: ${pack.month.closedThrough ?? 'none'}`,
    ],
    content: [
      heading(comparedPdfTable(['Finance', 'Amount'], [...lines, profit], 3), 'Finance Report'),
      heading(comparedPdfTable(['Expense type', 'Expense'], byTypeLines(pack)), 'Expense Vs Type'),
      heading(budgetPdfTable(pack.budget), 'Budget vs actual'),
      heading(receivablesPdfTable(pack.receivables), `Receivables aging on ${pack.range.to}`),
      heading(open, 'Still open'),
    ] as PdfContent[],
  };
}

/** The pack as one workbook, one sheet per part (built in memory: a few hundred rows). */
export async function monthEndPackExcel(
  context: ExportContext,
  pack: MonthEndPack,
): Promise<Buffer> {
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  workbook.creator = context.generatedBy;
  workbook.created = context.generatedAt;
  const other = pack.finance.compare as DayRange;
  const sheet = (
    name: string,
    title: string,
    details: string[],
    columns: SheetColumn[],
    rows: SheetCell[][],
    totals?: SheetCell[],
  ) => {
    const ws = workbook.addWorksheet(name);
    const header = [
      ...companyLines(context.company),
      title,
      ...details,
      generatedLine(context.generatedBy, context.generatedAt),
    ];
    header.forEach((line, index) => {
      const row = ws.addRow([textCell(line)]);
      if (index === 0 || line === title) row.font = { bold: true };
    });
    ws.addRow([]);
    const head = ws.addRow(columns.map((column) => column.header));
    head.font = { bold: true };
    ws.views = [{ state: 'frozen', xSplit: 0, ySplit: head.number }];
    columns.forEach((column, index) => {
      const col = ws.getColumn(index + 1);
      col.width = column.width ?? (column.kind === 'text' ? 28 : 16);
      if (column.kind === 'money') col.numFmt = MONEY_FORMAT;
      if (column.kind === 'date') col.numFmt = DATE_FORMAT;
    });
    const cellOf = (value: SheetCell, column?: SheetColumn) =>
      typeof value === 'string' && column?.kind === 'date'
        ? new Date(`${value}T00:00:00.000Z`)
        : typeof value === 'string'
          ? textCell(value)
          : value;
    for (const row of rows) ws.addRow(row.map((value, index) => cellOf(value, columns[index])));
    if (totals) ws.addRow(totals).font = { bold: true };
  };
  const comparedColumns = (first: string, figure: string): SheetColumn[] => [
    { header: first, kind: 'text', width: 32 },
    { header: figure, kind: 'money' },
    ...COMPARED_HEADERS.map((header) => ({ header, kind: 'money' as const })),
  ];
  const { lines, profit } = financeLines(pack.finance);
  const details = [periodLine(pack.range), comparedLine(other)];
  sheet(
    'Finance',
    'Finance Report',
    details,
    comparedColumns('Figure', 'Amount'),
    [...comparedCells(lines)],
    comparedCells([profit])[0],
  );
  const byType = byTypeLines(pack);
  const sumOf = (values: number[]) => {
    const sum = new Cents();
    values.forEach((value) => sum.add(value));
    return sum.amount;
  };
  const value = sumOf(byType.map((line) => line.value));
  const otherSum = sumOf(byType.map((line) => line.change.other));
  sheet(
    'Expense Vs Type',
    'Expense Vs Type',
    details,
    comparedColumns('Expense type', 'Expense'),
    comparedCells(byType),
    [messages.exportTotals, value, otherSum, sumOf([value, -otherSum]), percentOf(value, otherSum)],
  );
  const budget = budgetExcel(context, pack.budget);
  sheet(
    'Budget vs actual',
    'Budget vs actual',
    [periodLine(pack.budget)],
    budget.spec.columns,
    budgetCells(pack.budget),
    [
      messages.exportTotals,
      pack.budget.totals.budget,
      pack.budget.totals.actual,
      pack.budget.totals.difference,
      pack.budget.totals.percentUsed,
    ],
  );
  const aging = receivablesExcel(context, pack.receivables);
  const t = pack.receivables.totals;
  sheet(
    'Receivables aging',
    'Receivables aging',
    [`On: ${pack.receivables.date}`],
    aging.spec.columns,
    agingCells(pack.receivables),
    [messages.exportTotals, t.balance, t.days0to30, t.days31to60, t.days61to90, t.over90],
  );
  sheet(
    'Still open',
    'Still open',
    [`Month: ${pack.month.month}`, `Books closed through: ${pack.month.closedThrough ?? 'none'}`],
    [
      { header: 'Item', kind: 'text', width: 40 },
      { header: 'Count', kind: 'count' },
      { header: 'Link', kind: 'text', width: 60 },
    ],
    pack.month.items.map((item) => [item.label, item.count, item.link]),
    [messages.exportTotals, pack.month.openCount],
  );
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
