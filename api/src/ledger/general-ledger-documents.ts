// The general ledger of one account as Excel and PDF (issue 40): the whole period, not one page.
// The lines are read in keyset pages (general-ledger.ts) and each page carries the running
// balance on, so a busy account costs one index range per page and memory holds one page: the
// Excel file is written as the pages come (exports/excel.ts), the PDF is capped at PDF_MAX_ROWS
// lines as every statement's PDF is (a longer period is refused before anything is drawn).
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  amountNumber,
  apiMessages,
  centsText,
  messages,
  MoneyTotal,
  type GeneralLedgerRow,
  type LedgerSource,
} from 'contract';
import type { Db } from '../db/index.js';
import { badRequest } from '../lib/errors.js';
import type { ExcelExport, ExportContext } from '../exports/documents.js';
import { PDF_MAX_ROWS, printMoney } from '../exports/documents.js';
import type { SheetCell } from '../exports/excel.js';
import { repeatedHeaderTable, type PdfCell } from '../exports/pdf.js';
import { ledgerLinesPage, type LedgerAccountPeriod, type LinesPosition } from './general-ledger.js';
import { sheetSpec, type PdfStatement } from './documents.js';

type Range = { from: string; to: string };

/** Lines per page for the Excel file: a few MB of rows at a time. */
const EXCEL_PAGE = 5000;
/**
 * Lines per page for the PDF: the embedded database runs each query on the server's thread, and
 * a turn of the event loop between pages lets other requests in.
 */
const PDF_PAGE = 1000;

const money = (cents: bigint) => amountNumber(centsText(cents));

/** The period's lines, oldest first, a page at a time. */
export async function* linePages(
  db: Db,
  head: LedgerAccountPeriod,
  range: Range,
  size: number,
): AsyncGenerator<GeneralLedgerRow[]> {
  let after: LinesPosition | undefined;
  for (;;) {
    const page = await ledgerLinesPage(db, head, range, size, after);
    if (page.rows.length > 0) yield page.rows;
    if (!page.more || !page.last) return;
    after = page.last;
  }
}

const SOURCE_NAMES: Record<LedgerSource, string> = {
  entry: 'Entry',
  transfer: 'Transfer',
  voucher: 'Voucher',
  opening: 'Money account',
};

/** What posted a line: `Entry #12`, `Voucher #3`. */
export const sourceText = (row: GeneralLedgerRow) => `${SOURCE_NAMES[row.source]} #${row.sourceId}`;

export const generalLedgerTitle = (head: LedgerAccountPeriod, range: Range) =>
  `General ledger of ${head.account.code} ${head.account.name}, ${range.from} to ${range.to}`;

const details = (head: LedgerAccountPeriod, range: Range) => [
  `Account: ${head.account.code} ${head.account.name} (${head.account.type})`,
  `${messages.exportPeriod}: ${range.from} to ${range.to}`,
];

/** The debits and credits of the lines gone by, summed in cents. */
class Tally {
  debit = new MoneyTotal();
  credit = new MoneyTotal();
  rows = 0;
  add(row: GeneralLedgerRow) {
    this.debit.add(row.debit);
    this.credit.add(row.credit);
    this.rows += 1;
  }
}

export function generalLedgerExcel(
  context: ExportContext,
  head: LedgerAccountPeriod,
  range: Range,
): ExcelExport {
  const tally = new Tally();
  const { db } = context;
  const batches = (async function* () {
    for await (const rows of linePages(db, head, range, EXCEL_PAGE))
      yield rows.map((row): SheetCell[] => {
        tally.add(row);
        return [
          row.date,
          sourceText(row),
          row.description,
          row.debit === 0 ? null : row.debit,
          row.credit === 0 ? null : row.credit,
          row.balance,
        ];
      });
  })();
  const closing = money(head.closing);
  return {
    spec: sheetSpec(
      context,
      generalLedgerTitle(head, range),
      'General ledger',
      details(head, range),
      [
        { header: 'Date', kind: 'date' },
        { header: 'Source', kind: 'text', width: 18 },
        { header: 'Description', kind: 'longText' },
        { header: 'Debit', kind: 'money' },
        { header: 'Credit', kind: 'money' },
        { header: 'Balance', kind: 'money' },
      ],
    ),
    source: {
      opening: { label: messages.exportOpeningBalance, cells: { 5: money(head.opening) } },
      batches,
      end: () => ({
        totals: {
          label: messages.exportTotals,
          cells: { 3: tally.debit.amount, 4: tally.credit.amount },
        },
        after: [{ label: messages.exportClosingBalance, cells: { 5: closing } }],
      }),
    },
  };
}

/** The PDF's content: refused (400) when the period has more than PDF_MAX_ROWS lines. */
export async function generalLedgerPdf(
  db: Db,
  head: LedgerAccountPeriod,
  range: Range,
): Promise<PdfStatement> {
  const tally = new Tally();
  const label = (text: string, span: number): PdfCell[] => [
    { text, colSpan: span },
    ...Array.from({ length: span - 1 }, () => ''),
  ];
  const opening = printMoney(money(head.opening));
  const closing = printMoney(money(head.closing));
  const body: PdfCell[][] = [[...label(messages.exportOpeningBalance, 5), opening]];
  for await (const rows of linePages(db, head, range, PDF_PAGE)) {
    // Refused before more is read: past this the drawing would outgrow its worker's heap.
    if (tally.rows + rows.length > PDF_MAX_ROWS) throw badRequest(apiMessages.pdfTooManyRows);
    await nextTurn();
    for (const row of rows) {
      tally.add(row);
      body.push([
        row.date,
        sourceText(row),
        row.description,
        row.debit === 0 ? '' : printMoney(row.debit),
        row.credit === 0 ? '' : printMoney(row.credit),
        printMoney(row.balance),
      ]);
    }
  }
  if (tally.rows === 0) body.push(label(messages.noRecordsFound, 6));
  body.push([
    ...label(messages.exportTotals, 3),
    printMoney(tally.debit.amount),
    printMoney(tally.credit.amount),
    '',
  ]);
  body.push([...label(messages.exportClosingBalance, 5), closing]);
  const table = repeatedHeaderTable(
    [
      { header: 'Date', width: 58 },
      { header: 'Source', width: 76 },
      { header: 'Description', width: '*' },
      { header: 'Debit', width: 66, align: 'right' },
      { header: 'Credit', width: 66, align: 'right' },
      { header: 'Balance', width: 72, align: 'right' },
    ],
    body,
    { boldRows: new Set([0, body.length - 2, body.length - 1]) },
  );
  return {
    title: generalLedgerTitle(head, range),
    details: [
      ...details(head, range),
      `${messages.exportOpeningBalance}: ${opening}`,
      `${messages.exportClosingBalance}: ${closing}`,
    ],
    content: [table],
  };
}
