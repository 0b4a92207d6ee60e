// Budget vs actual and receivables aging (issue 34), as Excel and PDF content, each table also
// a part of the month-end pack; and the aging line of a client's statement.
import { messages, type BudgetReport, type Receivables } from 'contract';
import type { ExcelExport, ExportContext } from './documents.js';
import { printMoney } from './documents.js';
import type { SheetCell } from './excel.js';
import { repeatedHeaderTable, type PdfCell, type PdfContent, type PdfTable } from './pdf.js';
import { fixed, periodLine, printPercent, specOf } from './month-end-documents.js';

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

export const budgetCells = (report: BudgetReport): SheetCell[][] =>
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
      width: index === 0 ? '*' : 84,
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

export const agingCells = (report: Receivables): SheetCell[][] =>
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
      width: index === 0 ? '*' : 76,
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
