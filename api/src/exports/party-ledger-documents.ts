// The client, employee and expense ledgers as Excel and PDF: the statement's opening balance,
// its lines read in keyset pages from the same queries as the JSON calls (repositories/reports.ts)
// and a running balance summed in exact cents.
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  apiMessages,
  messages,
  MoneyTotal,
  type ClientLedgerRow,
  type LedgerOpening,
} from 'contract';
import type { Db } from '../db/index.js';
import type { DayRange } from '../lib/dates.js';
import { badRequest } from '../lib/errors.js';
import * as reports from '../repositories/reports.js';
import {
  PAGE,
  PDF_MAX_ROWS,
  periodLine,
  printMoney,
  spec,
  type ExcelExport,
  type ExportContext,
} from './documents.js';
import type { SheetCell, SheetColumn } from './excel.js';
import { repeatedHeaderTable, type PdfCell, type PdfContent } from './pdf.js';

export type LedgerKind = 'client' | 'employee' | 'expense';

export interface LedgerRequest {
  kind: LedgerKind;
  range: DayRange;
  /** The client or employee; the expense ledger has none. */
  party?: { id: number; name: string };
}

const LEDGER_TITLES: Record<LedgerKind, string> = {
  client: 'Client Ledger',
  employee: 'Employee Ledger',
  expense: 'Expense Ledger',
};
const PARTY_HEADERS: Record<LedgerKind, string> = {
  client: 'Client',
  employee: 'Employee',
  expense: 'Expense Type',
};

type AnyLedgerRow = Omit<ClientLedgerRow, 'clientName'> & {
  clientName?: string;
  employeeName?: string;
  expenseType?: string;
};

const partyOf = (row: AnyLedgerRow) => row.clientName ?? row.employeeName ?? row.expenseType ?? '';

/** The ledger's rows in keyset pages of PAGE, each page its JSON answer parsed. */
async function* ledgerPages(
  db: Db,
  request: LedgerRequest,
  size = PAGE,
): AsyncGenerator<AnyLedgerRow[]> {
  let after: { date: string; id: number } | undefined;
  for (;;) {
    const page = { limit: size, after };
    const { body: text } =
      request.kind === 'client'
        ? await reports.clientLedger(db, request.party?.id ?? 0, request.range, page)
        : request.kind === 'employee'
          ? await reports.employeeLedger(db, request.party?.id ?? 0, request.range, page)
          : await reports.expenseLedger(db, request.range, page);
    const rows = JSON.parse(text) as AnyLedgerRow[];
    if (rows.length > 0) yield rows;
    const last = rows[rows.length - 1];
    if (rows.length < size || !last) return;
    after = { date: last.date, id: last.id };
  }
}

export async function ledgerOpening(db: Db, request: LedgerRequest): Promise<number> {
  const entryKind = { client: 'income', employee: 'salary', expense: 'expense' } as const;
  const text = await reports.ledgerOpening(
    db,
    entryKind[request.kind],
    request.range.from,
    request.party?.id,
  );
  return (JSON.parse(text) as LedgerOpening).balance;
}

const ledgerDetails = (request: LedgerRequest) => [
  ...(request.party ? [`${PARTY_HEADERS[request.kind]}: ${request.party.name}`] : []),
  periodLine(request.range),
];

const LEDGER_COLUMNS = (kind: LedgerKind): SheetColumn[] => [
  { header: 'Date', kind: 'date' },
  { header: PARTY_HEADERS[kind], kind: 'text' },
  { header: 'Description', kind: 'longText' },
  { header: 'Debit', kind: 'money' },
  { header: 'Credit', kind: 'money' },
  { header: 'Balance', kind: 'money' },
];

/** A ledger's running totals as its rows go by. */
class LedgerTally {
  debit = new MoneyTotal();
  credit = new MoneyTotal();
  closing: number;
  rows = 0;
  constructor(readonly opening: number) {
    this.closing = opening;
  }
  add(row: AnyLedgerRow) {
    (row.Creditdebit === 'Debit' ? this.debit : this.credit).add(row.ammount);
    this.closing = row.balance;
    this.rows += 1;
  }
}

export async function ledgerExcel(
  context: ExportContext,
  request: LedgerRequest,
): Promise<ExcelExport> {
  const opening = await ledgerOpening(context.db, request);
  const tally = new LedgerTally(opening);
  const batches = (async function* () {
    for await (const rows of ledgerPages(context.db, request)) {
      yield rows.map((row): SheetCell[] => {
        tally.add(row);
        const debit = row.Creditdebit === 'Debit' ? row.ammount : null;
        const credit = row.Creditdebit === 'Credit' ? row.ammount : null;
        return [row.date, partyOf(row), row.description, debit, credit, row.balance];
      });
    }
  })();
  return {
    spec: spec(
      context,
      LEDGER_TITLES[request.kind],
      ledgerDetails(request),
      LEDGER_COLUMNS(request.kind),
    ),
    source: {
      opening: { label: messages.exportOpeningBalance, cells: { 5: opening } },
      batches,
      end: () => ({
        totals: {
          label: messages.exportTotals,
          cells: { 3: tally.debit.amount, 4: tally.credit.amount, 5: tally.closing },
        },
        after: [{ label: messages.exportClosingBalance, cells: { 5: tally.closing } }],
      }),
    },
  };
}

/**
 * A statement's rows are read for its PDF in pages of this many: the embedded database runs each
 * query on the server's thread, and a page of 5,000 rows held it 100-200 ms here.
 */
const PDF_PAGE = 1000;

/** What a PDF of a ledger shows: the statement's lines and its table. */
export async function ledgerPdfContent(
  context: ExportContext,
  request: LedgerRequest,
): Promise<{ title: string; details: string[]; content: PdfContent[] }> {
  const opening = await ledgerOpening(context.db, request);
  const tally = new LedgerTally(opening);
  const label = (text: string, span: number): PdfCell[] => [
    { text, colSpan: span },
    ...Array.from({ length: span - 1 }, () => ''),
  ];
  const body: PdfCell[][] = [[...label(messages.exportOpeningBalance, 5), printMoney(opening)]];
  for await (const rows of ledgerPages(context.db, request, PDF_PAGE)) {
    // Refused before more is read: past this the drawing would outgrow its worker's heap.
    if (tally.rows + rows.length > PDF_MAX_ROWS) throw badRequest(apiMessages.pdfTooManyRows);
    // A turn of the event loop between pages: the embedded database answers through promises
    // only, and other requests would otherwise wait for the last page.
    await nextTurn();
    for (const row of rows) {
      tally.add(row);
      body.push([
        row.date,
        partyOf(row),
        row.description,
        row.Creditdebit === 'Debit' ? printMoney(row.ammount) : '',
        row.Creditdebit === 'Credit' ? printMoney(row.ammount) : '',
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
  body.push([...label(messages.exportClosingBalance, 5), printMoney(tally.closing)]);
  const bold = new Set([0, body.length - 2, body.length - 1]);
  const table = repeatedHeaderTable(
    [
      { header: 'Date', width: 62 },
      { header: PARTY_HEADERS[request.kind], width: 80 },
      { header: 'Description', width: '*' },
      { header: 'Debit', width: 62, align: 'right' },
      { header: 'Credit', width: 62, align: 'right' },
      { header: 'Balance', width: 68, align: 'right' },
    ],
    body,
    { boldRows: bold },
  );
  const summary = [
    `${messages.exportOpeningBalance}: ${printMoney(opening)}`,
    `${messages.exportClosingBalance}: ${printMoney(tally.closing)}`,
  ];
  return {
    title: `${LEDGER_TITLES[request.kind]} – ${messages.exportStatement}`,
    details: [...ledgerDetails(request), ...summary],
    content: [table],
  };
}
