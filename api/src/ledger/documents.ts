// What the Excel and PDF files of the ledger's statements hold (issue 40): the trial balance, the
// balance sheet and profit and loss, read from the same functions as their JSON calls
// (statements.ts), so the files' figures are the API's. Content only: the files are written by
// exports/excel.ts and exports/pdf.ts as every other export is. The general ledger's files are in
// general-ledger-documents.ts.
import {
  messages,
  MoneyTotal,
  type BalanceSheet,
  type ProfitLoss,
  type Change,
  type StatementRow,
  type TrialBalance,
} from 'contract';
import type { ExcelExport, ExportContext } from '../exports/documents.js';
import { printMoney } from '../exports/documents.js';
import type { SheetCell, SheetColumn, SheetSource, SummaryRow } from '../exports/excel.js';
import { repeatedHeaderTable, type PdfCell, type PdfContent } from '../exports/pdf.js';

/** A document as the PDF renderer takes it, below the letterhead. */
export interface PdfStatement {
  title: string;
  details: string[];
  content: PdfContent[];
}

/** The spec of a sheet: the company, who asked and when, the title and its lines, the columns. */
export const sheetSpec = (
  context: ExportContext,
  title: string,
  sheetName: string,
  details: string[],
  columns: SheetColumn[],
) => ({
  company: context.company,
  title,
  sheetName,
  details,
  generatedBy: context.generatedBy,
  generatedAt: context.generatedAt,
  columns,
});

/** The rows of a statement, in memory (a row per account), then its totals lines. */
function statementSource(rows: SheetCell[][], totals: SummaryRow[]): SheetSource {
  const [first, ...after] = totals;
  return {
    batches: (async function* () {
      if (rows.length > 0) yield rows;
    })(),
    end: () => ({ totals: first ?? { label: messages.exportTotals, cells: {} }, after }),
  };
}

/**
 * The PDF's Code column, as wide as the longest code (codes run to 20 characters; a code is
 * never broken across lines): about 6 points a character at the table's size.
 */
const codeWidth = (codes: string[]) =>
  Math.min(130, Math.max(50, Math.ceil(Math.max(0, ...codes.map((code) => code.length)) * 6) + 12));

/** A label over the first `span` columns of a PDF row. */
const label = (text: string, span: number): PdfCell[] => [
  { text, colSpan: span },
  ...Array.from({ length: span - 1 }, () => ''),
];

// --- the trial balance ----------------------------------------------------------------------

export const trialBalanceTitle = (report: TrialBalance) => `Trial balance at ${report.date}`;

export function trialBalanceExcel(context: ExportContext, report: TrialBalance): ExcelExport {
  return {
    spec: sheetSpec(
      context,
      trialBalanceTitle(report),
      'Trial balance',
      [],
      [
        { header: 'Code', kind: 'text', width: 10 },
        { header: 'Account', kind: 'text', width: 32 },
        { header: 'Type', kind: 'text', width: 10 },
        { header: 'Debit', kind: 'money' },
        { header: 'Credit', kind: 'money' },
      ],
    ),
    source: statementSource(
      report.rows.map((row) => [
        row.code,
        row.name,
        row.type,
        row.debit === 0 ? null : row.debit,
        row.credit === 0 ? null : row.credit,
      ]),
      [
        {
          label: messages.exportTotals,
          cells: { 3: report.totals.debit, 4: report.totals.credit },
        },
      ],
    ),
  };
}

export function trialBalancePdf(report: TrialBalance): PdfStatement {
  const body: PdfCell[][] = report.rows.map((row) => [
    row.code,
    row.name,
    row.type,
    row.debit === 0 ? '' : printMoney(row.debit),
    row.credit === 0 ? '' : printMoney(row.credit),
  ]);
  if (body.length === 0) body.push(label(messages.noRecordsFound, 5));
  body.push([
    ...label(messages.exportTotals, 3),
    printMoney(report.totals.debit),
    printMoney(report.totals.credit),
  ]);
  return {
    title: trialBalanceTitle(report),
    details: [],
    content: [
      repeatedHeaderTable(
        [
          { header: 'Code', width: codeWidth(report.rows.map((row) => row.code)) },
          { header: 'Account', width: '*' },
          { header: 'Type', width: 58 },
          { header: 'Debit', width: 92, align: 'right' },
          { header: 'Credit', width: 92, align: 'right' },
        ],
        body,
        { boldRows: new Set([body.length - 1]) },
      ),
    ],
  };
}

// --- sections of accounts: the balance sheet and profit and loss ----------------------------

/** A total line: its label, its amount and, compared with another period, its change. */
type TotalLine = [string, number, Change?];

interface Section {
  name: string;
  rows: StatementRow[];
  total: TotalLine;
}

/** Compared with another period (profit and loss): its figure, the change and the percent. */
const changeCells = (change: Change | undefined): SheetCell[] => [
  change?.other ?? 0,
  change?.change ?? 0,
  change?.percent === null || change?.percent === undefined ? '' : `${change.percent.toFixed(2)}%`,
];

const SECTION_COLUMNS: SheetColumn[] = [
  { header: 'Section', kind: 'text', width: 14 },
  { header: 'Code', kind: 'text', width: 10 },
  { header: 'Account', kind: 'text', width: 32 },
  { header: 'Amount', kind: 'money' },
];

const COMPARED_COLUMNS: SheetColumn[] = [
  { header: 'Other period', kind: 'money' },
  { header: 'Change', kind: 'money' },
  { header: 'Change %', kind: 'text', width: 10 },
];

/** A row per account, each named by its section (filterable); the totals lines at the end. */
const sectionsSource = (sections: Section[], after: TotalLine[], compared = false) =>
  statementSource(
    sections.flatMap((section) =>
      section.rows.map((row): SheetCell[] => [
        section.name,
        row.code,
        row.name,
        row.amount,
        ...(compared ? changeCells(row.compare) : []),
      ]),
    ),
    [...sections.map((section) => section.total), ...after].map(([text, amount, change]) => ({
      label: text,
      cells: {
        3: amount,
        ...(compared
          ? Object.fromEntries(changeCells(change).map((cell, i) => [4 + i, cell]))
          : {}),
      },
    })),
  );

/** One table: each section's heading, its accounts and its total; then the lines after. */
function sectionsPdf(sections: Section[], after: TotalLine[], compared = false): PdfContent {
  const span = compared ? 6 : 3;
  const figures = (amount: number, change: Change | undefined): PdfCell[] => [
    printMoney(amount),
    ...(compared
      ? changeCells(change).map((cell, i) => (i < 2 ? printMoney(cell as number) : String(cell)))
      : []),
  ];
  const body: PdfCell[][] = [];
  const bold = new Set<number>();
  const boldRow = (row: PdfCell[]) => {
    bold.add(body.length);
    body.push(row);
  };
  for (const section of sections) {
    boldRow(label(section.name, span));
    for (const row of section.rows)
      body.push([row.code, row.name, ...figures(row.amount, row.compare)]);
    if (section.rows.length === 0) body.push(label(messages.noRecordsFound, span));
    boldRow([...label(section.total[0], 2), ...figures(section.total[1], section.total[2])]);
  }
  for (const [text, amount, change] of after)
    boldRow([...label(text, 2), ...figures(amount, change)]);
  return repeatedHeaderTable(
    [
      {
        header: 'Code',
        width: codeWidth(sections.flatMap((section) => section.rows.map((row) => row.code))),
      },
      { header: 'Account', width: '*' },
      { header: 'Amount', width: compared ? 84 : 110, align: 'right' },
      ...(compared
        ? ([
            { header: 'Other period', width: 84, align: 'right' },
            { header: 'Change', width: 84, align: 'right' },
            { header: 'Change %', width: 50, align: 'right' },
          ] as const)
        : []),
    ],
    body,
    { boldRows: bold },
  );
}

// --- the balance sheet ----------------------------------------------------------------------

export const LIABILITIES_AND_EQUITY = 'Liabilities and equity';

export const balanceSheetTitle = (report: BalanceSheet) => `Balance sheet at ${report.date}`;

const balanceSheetDetails = (report: BalanceSheet) => [
  `Profit for the year counted from ${report.yearStart}`,
];

/** Liabilities and equity together, summed in cents. */
function together(...amounts: number[]): number {
  const sum = new MoneyTotal();
  for (const amount of amounts) sum.add(amount);
  return sum.amount;
}

function balanceSheetParts(report: BalanceSheet) {
  const sections: Section[] = [
    { name: 'Assets', rows: report.assets, total: ['Total assets', report.totals.assets] },
    {
      name: 'Liabilities',
      rows: report.liabilities,
      total: ['Total liabilities', report.totals.liabilities],
    },
    { name: 'Equity', rows: report.equity, total: ['Total equity', report.totals.equity] },
  ];
  const after: TotalLine[] = [
    [LIABILITIES_AND_EQUITY, together(report.totals.liabilities, report.totals.equity)],
  ];
  return { sections, after };
}

export function balanceSheetExcel(context: ExportContext, report: BalanceSheet): ExcelExport {
  const { sections, after } = balanceSheetParts(report);
  return {
    spec: sheetSpec(
      context,
      balanceSheetTitle(report),
      'Balance sheet',
      balanceSheetDetails(report),
      SECTION_COLUMNS,
    ),
    source: sectionsSource(sections, after),
  };
}

export function balanceSheetPdf(report: BalanceSheet): PdfStatement {
  const { sections, after } = balanceSheetParts(report);
  return {
    title: balanceSheetTitle(report),
    details: balanceSheetDetails(report),
    content: [sectionsPdf(sections, after)],
  };
}

// --- profit and loss ------------------------------------------------------------------------

export const PROFIT = 'Profit';

export const profitLossTitle = (report: ProfitLoss) =>
  `Profit and loss (${report.basis} basis), ${report.from} to ${report.to}`;

const profitLossDetails = (report: ProfitLoss) => [
  `${messages.exportPeriod}: ${report.from} to ${report.to}`,
  report.basis === 'cash'
    ? 'Cash basis: income as payments are received'
    : 'Accrual basis: income as it is invoiced',
  ...(report.compare
    ? [`Compared with ${report.compare.from} to ${report.compare.to} (Other period)`]
    : []),
];

function profitLossParts(report: ProfitLoss) {
  const sections: Section[] = [
    {
      name: 'Income',
      rows: report.income,
      total: ['Total income', report.totals.income, report.compare?.income],
    },
    {
      name: 'Expenses',
      rows: report.expenses,
      total: ['Total expenses', report.totals.expenses, report.compare?.expenses],
    },
  ];
  const after: TotalLine[] = [[PROFIT, report.totals.profit, report.compare?.profit]];
  return { sections, after };
}

export function profitLossExcel(context: ExportContext, report: ProfitLoss): ExcelExport {
  const { sections, after } = profitLossParts(report);
  return {
    spec: sheetSpec(
      context,
      profitLossTitle(report),
      'Profit and loss',
      profitLossDetails(report),
      report.compare ? [...SECTION_COLUMNS, ...COMPARED_COLUMNS] : SECTION_COLUMNS,
    ),
    source: sectionsSource(sections, after, report.compare !== undefined),
  };
}

export function profitLossPdf(report: ProfitLoss): PdfStatement {
  const { sections, after } = profitLossParts(report);
  return {
    title: profitLossTitle(report),
    details: profitLossDetails(report),
    content: [sectionsPdf(sections, after, report.compare !== undefined)],
  };
}
