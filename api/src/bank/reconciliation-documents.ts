// The bank reconciliation statement as Excel and PDF (issue 33): content only, written by
// exports/excel.ts and exports/pdf.ts (in its worker) as every other export is.
import type { Reconciliation, ReconciliationItem } from './reconciliation.js';
import type { ExcelExport, ExportContext } from '../exports/documents.js';
import { printMoney } from '../exports/documents.js';
import type { SheetCell } from '../exports/excel.js';
import { fixed, specOf } from '../exports/month-end-documents.js';
import { repeatedHeaderTable, type PdfCell, type PdfContent } from '../exports/pdf.js';

const TITLE = 'Bank reconciliation statement';

/** An account as the statement names it: `HBL (…1234)`. */
export const accountName = (account: { name: string; last4: string | null }) =>
  `${account.name}${account.last4 ? ` (…${account.last4})` : ''}`;

const details = (report: Reconciliation) => [
  `Account: ${accountName(report.account)}`,
  `As at: ${report.date}`,
];

/** The statement's figures without its items (the month-end pack lists these). */
export type ReconciliationSummary = Pick<
  Reconciliation,
  | 'bankBalance'
  | 'outstandingTotal'
  | 'unrecordedTotal'
  | 'adjustedBank'
  | 'bookBalance'
  | 'difference'
>;

/** The lines of the statement that sum its lists, and their labels, in the statement's order. */
export const SUMMARY_LINES: Array<[keyof ReconciliationSummary, string]> = [
  ['bankBalance', 'Balance as per bank statement'],
  ['outstandingTotal', 'Total recorded, not yet on the statement'],
  ['unrecordedTotal', 'Total on the statement, not yet recorded'],
  ['adjustedBank', 'Adjusted bank balance'],
  ['bookBalance', 'Balance as per books'],
  ['difference', 'Difference'],
];
const labelOf = (key: keyof ReconciliationSummary) =>
  (SUMMARY_LINES.find(([k]) => k === key) as [string, string])[1];

/** The statement as rows: label, date, name, description, amount. */
function rowsOf(report: Reconciliation): SheetCell[][] {
  const items = (list: ReconciliationItem[]): SheetCell[][] =>
    list.map((item) => ['', item.date, item.name, item.description, item.amount]);
  return [
    [labelOf('bankBalance'), null, '', '', report.bankBalance],
    ['Add deposits / less payments recorded, not yet on the statement', null, '', '', null],
    ...items(report.outstanding),
    [labelOf('outstandingTotal'), null, '', '', report.outstandingTotal],
    ['Less lines on the statement not yet recorded', null, '', '', null],
    ...items(report.unrecorded),
    [labelOf('unrecordedTotal'), null, '', '', report.unrecordedTotal],
    [labelOf('adjustedBank'), null, '', '', report.adjustedBank],
    [labelOf('bookBalance'), null, '', '', report.bookBalance],
  ];
}

export function reconciliationExcel(context: ExportContext, report: Reconciliation): ExcelExport {
  return {
    spec: specOf(context, TITLE, details(report), [
      { header: 'Item', kind: 'text', width: 44 },
      { header: 'Date', kind: 'date' },
      { header: 'Name', kind: 'text', width: 24 },
      { header: 'Description', kind: 'longText' },
      { header: 'Amount', kind: 'money' },
    ]),
    source: fixed(rowsOf(report), {
      label: labelOf('difference'),
      cells: { 4: report.difference },
    }),
  };
}

export function reconciliationPdf(report: Reconciliation) {
  const body: PdfCell[][] = rowsOf(report).map((row) => [
    String(row[0] ?? ''),
    String(row[1] ?? ''),
    String(row[2] ?? ''),
    String(row[3] ?? ''),
    row[4] === null ? '' : printMoney(row[4] as number),
  ]);
  body.push([labelOf('difference'), '', '', '', printMoney(report.difference)]);
  const bold = new Set([0, body.length - 3, body.length - 2, body.length - 1]);
  return {
    title: TITLE,
    details: details(report),
    content: [
      repeatedHeaderTable(
        [
          { header: 'Item', width: 190, align: 'left' },
          { header: 'Date', width: 62, align: 'left' },
          { header: 'Name', width: 80, align: 'left' },
          { header: 'Description', width: '*', align: 'left' },
          { header: 'Amount', width: 75, align: 'right' },
        ],
        body,
        { boldRows: bold },
      ),
    ] as PdfContent[],
  };
}
