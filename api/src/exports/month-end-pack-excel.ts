// The month-end pack as one workbook (issue 34), one sheet per part (the trial balance, balance
// sheet and reconciliations of issue 40 among them), each headed by the
// company's lines, its title and details; written in a worker thread (excel-worker.ts). The
// "Still open" sheet links each item to the screen that lists it, by its full address.
import type { CellHyperlinkValue } from 'exceljs';
import { messages, MoneyTotal } from 'contract';
import type { DayRange } from '../lib/dates.js';
import type { ExportContext } from './documents.js';
import {
  companyLines,
  DATE_FORMAT,
  generatedLine,
  MONEY_FORMAT,
  textCell,
  type SheetCell,
  type SheetColumn,
} from './excel.js';
import {
  COMPARED_HEADERS,
  comparedCells,
  comparedLine,
  financeLines,
  percentOf,
  periodLine,
} from './month-end-documents.js';
import {
  agingCells,
  budgetCells,
  budgetExcel,
  receivablesExcel,
} from './budget-aging-documents.js';
import { byTypeLines, type MonthEndPack } from './month-end-pack-pdf.js';
import { packStatementsSheets } from './month-end-pack-ledger.js';

/** The pack as one workbook, one sheet per part (built in memory: a few hundred rows). */
export async function monthEndPackExcel(
  context: ExportContext,
  pack: MonthEndPack,
  publicUrl: string,
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
    rows: Array<Array<SheetCell | CellHyperlinkValue>>,
    totals: SheetCell[][] = [],
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
    const cellOf = (value: SheetCell | CellHyperlinkValue, column?: SheetColumn) =>
      typeof value === 'string' && column?.kind === 'date'
        ? new Date(`${value}T00:00:00.000Z`)
        : typeof value === 'string'
          ? textCell(value)
          : value;
    for (const row of rows) ws.addRow(row.map((value, index) => cellOf(value, columns[index])));
    for (const line of totals) ws.addRow(line).font = { bold: true };
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
    comparedCells([profit]),
  );
  const byType = byTypeLines(pack);
  const sumOf = (values: number[]) => {
    const sum = new MoneyTotal();
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
    [
      [
        messages.exportTotals,
        value,
        otherSum,
        sumOf([value, -otherSum]),
        percentOf(value, otherSum),
      ],
    ],
  );
  const budget = budgetExcel(context, pack.budget);
  sheet(
    'Budget vs actual',
    'Budget vs actual',
    [periodLine(pack.budget)],
    budget.spec.columns,
    budgetCells(pack.budget),
    [
      [
        messages.exportTotals,
        pack.budget.totals.budget,
        pack.budget.totals.actual,
        pack.budget.totals.difference,
        pack.budget.totals.percentUsed,
      ],
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
    [[messages.exportTotals, t.balance, t.days0to30, t.days31to60, t.days61to90, t.over90]],
  );
  // The statements at the month's last day: each as its own file shows it.
  for (const part of await packStatementsSheets(context, pack.statements))
    sheet(part.name, part.title, part.details, part.columns, part.rows, part.totals);
  // Each link a full address, which Excel opens in the browser (a bare path it cannot follow);
  // the screen's path is taken under the public address's own (`https://host/office/Journal`).
  const address = (link: string) => {
    const href = new URL(link.replace(/^\/+/, ''), publicUrl).href;
    return { text: href, hyperlink: href };
  };
  const linkColumn = 3;
  sheet(
    'Still open',
    'Still open',
    [`Month: ${pack.month.month}`, `Books closed through: ${pack.month.closedThrough ?? 'none'}`],
    [
      { header: 'Item', kind: 'text', width: 40 },
      { header: 'Count', kind: 'count' },
      { header: 'Link', kind: 'text', width: 80 },
    ],
    // No totals row: the items count different things (entries, lines, months).
    pack.month.items.map((item) => [item.label, item.count, address(item.link)]),
  );
  const links = workbook.getWorksheet('Still open');
  links?.getColumn(linkColumn).eachCell((cell) => {
    if (cell.hyperlink) cell.font = { color: { argb: 'FF0563C1' }, underline: true };
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
