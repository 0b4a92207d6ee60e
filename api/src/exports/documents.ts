// What each Excel and PDF export holds: its title, header lines, columns and rows, read from the
// same queries as the JSON calls (repositories/reports.ts), so the files' figures are the API's.
// Long lists (a ledger; the Journal, in journal-excel.ts) are read in keyset pages and written as
// they come; totals are summed in exact cents.
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  apiMessages,
  formatMoney,
  messages,
  MoneyTotal,
  type ClientLedgerRow,
  type Finance,
  type LedgerOpening,
  type Totals,
  type YearlyRow,
  MONTH_NAMES,
} from 'contract';
import type { Db } from '../db/index.js';
import { badRequest } from '../lib/errors.js';
import type { DayRange } from '../lib/dates.js';
import * as reports from '../repositories/reports.js';
import type { CompanyWithLogo } from '../repositories/company.js';
import type { SheetCell, SheetColumn, SheetSource, SheetSpec } from './excel.js';
import type { PdfCell, PdfContent } from './pdf.js';
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

const periodLine = (range: DayRange) => `${messages.exportPeriod}: ${range.from} to ${range.to}`;

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

// --- ledgers --------------------------------------------------------------------------------

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
 * The most entries a statement's PDF lists: drawn in a worker of bounded heap
 * (pdf-in-worker.ts), which holds every row's text and one page, and takes its time (10,000 rows
 * some 8 s). A longer period is refused with a message pointing to a shorter one, or to the
 * Excel file, which has no such bound.
 */
export const PDF_MAX_ROWS = 15_000;

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
