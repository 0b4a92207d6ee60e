// The bank reconciliation statement as Excel and PDF (issue 33): content only, written by
// exports/excel.ts and exports/pdf.ts (in its worker) as every other export is.
import type { Reconciliation, ReconciliationItem } from '../statements/reconciliation.js';
import type { ExcelExport, ExportContext } from './documents.js';
import { printMoney } from './documents.js';
import type { SheetCell } from './excel.js';
import { fixed, specOf } from './month-end-documents.js';
import { repeatedHeaderTable, type PdfCell, type PdfContent } from './pdf.js';

const TITLE = 'Bank reconciliation statement';

const details = (report: Reconciliation) => [
  `Account: ${report.account.name}${report.account.last4 ? ` (…${report.account.last4})` : ''}`,
  `As at: ${report.date}`,
];

/** The statement as rows: label, date, name, description, amount. */
function rowsOf(report: Reconciliation): SheetCell[][] {
  const items = (list: ReconciliationItem[]): SheetCell[][] =>
    list.map((item) => ['', item.date, item.name, item.description, item.amount]);
  return [
    ['Balance as per bank statement', null, '', '', report.bankBalance],
    ['Add deposits / less payments recorded, not yet on the statement', null, '', '', null],
    ...items(report.outstanding),
    ['Total recorded, not yet on the statement', null, '', '', report.outstandingTotal],
    ['Less lines on the statement not yet recorded', null, '', '', null],
    ...items(report.unrecorded),
    ['Total on the statement, not yet recorded', null, '', '', report.unrecordedTotal],
    ['Adjusted bank balance', null, '', '', report.adjustedBank],
    ['Balance as per books', null, '', '', report.bookBalance],
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
    source: fixed(rowsOf(report), { label: 'Difference', cells: { 4: report.difference } }),
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
  body.push(['Difference', '', '', '', printMoney(report.difference)]);
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
