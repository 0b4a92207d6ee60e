// The month-end pack's statements at the month's last day (issue 40): the trial balance and the
// balance sheet as their own files show them (ledger/documents.ts), and each money account's bank
// reconciliation in its figures, without its lists of items (reconciliation-documents.ts). Read
// by repositories/month-end-statements.ts as plain data, so that the pack's workbook can be
// written from it in a worker thread, which loads nothing of the database.
import { messages, type BalanceSheet, type TrialBalance } from 'contract';
import {
  balanceSheetExcel,
  balanceSheetPdf,
  trialBalanceExcel,
  trialBalancePdf,
  type PdfStatement,
} from '../ledger/documents.js';
import { SUMMARY_LINES, type ReconciliationSummary } from '../bank/reconciliation-documents.js';
import { printMoney, type ExcelExport, type ExportContext } from './documents.js';
import type { SheetCell, SheetColumn, SummaryRow } from './excel.js';
import { repeatedHeaderTable, type PdfCell, type PdfTable } from './pdf.js';

/** A money account's reconciliation figures: `HBL (…1234)` and its six lines. */
export interface AccountReconciliation extends ReconciliationSummary {
  account: string;
}

export interface PackStatements {
  /** The month's last day. */
  date: string;
  trialBalance: TrialBalance;
  balanceSheet: BalanceSheet;
  /** Each money account opened by the day, in the order of the Accounts screen. */
  reconciliations: AccountReconciliation[];
}

export const reconciliationTitle = (date: string) => `Bank reconciliation at ${date}`;

// --- PDF ------------------------------------------------------------------------------------

/** A statement's one table, titled with the statement's title. */
const titledStatement = (statement: PdfStatement): PdfTable => ({
  ...(statement.content[0] as PdfTable),
  title: statement.title,
});

/**
 * Each account's lines under its name, as its reconciliation statement shows them (its first
 * line and its last three in bold). No totals: the accounts' figures do not add up.
 */
function reconciliationsPdf(statements: PackStatements): PdfTable {
  const body: PdfCell[][] = [];
  const bold = new Set<number>();
  const strong = new Set(['bankBalance', 'adjustedBank', 'bookBalance', 'difference']);
  for (const account of statements.reconciliations) {
    bold.add(body.length);
    body.push([{ text: account.account, colSpan: 2 }, '']);
    for (const [key, label] of SUMMARY_LINES) {
      if (strong.has(key)) bold.add(body.length);
      body.push([label, printMoney(account[key])]);
    }
  }
  if (body.length === 0) body.push([{ text: messages.noRecordsFound, colSpan: 2 }, '']);
  return repeatedHeaderTable(
    [
      { header: 'Account and item', width: '*' },
      { header: 'Amount', width: 110, align: 'right' },
    ],
    body,
    { boldRows: bold, title: reconciliationTitle(statements.date) },
  );
}

/** The pack's PDF tables of the statements: trial balance, balance sheet, reconciliations. */
export const packStatementsPdf = (statements: PackStatements): PdfTable[] => [
  titledStatement(trialBalancePdf(statements.trialBalance)),
  titledStatement(balanceSheetPdf(statements.balanceSheet)),
  reconciliationsPdf(statements),
];

// --- Excel ----------------------------------------------------------------------------------

/** A sheet of the pack: its name, title, lines under the title, columns, rows and totals lines. */
export interface PackSheet {
  name: string;
  title: string;
  details: string[];
  columns: SheetColumn[];
  rows: SheetCell[][];
  totals: SheetCell[][];
}

/** A statement's own workbook content as a sheet of the pack (a few hundred rows at most). */
async function packSheet({ spec, source }: ExcelExport): Promise<PackSheet> {
  const rows: SheetCell[][] = [];
  for await (const batch of source.batches) rows.push(...batch);
  const end = source.end();
  const line = (summary: SummaryRow): SheetCell[] =>
    spec.columns.map((_column, index) =>
      index in summary.cells ? (summary.cells[index] ?? null) : index === 0 ? summary.label : null,
    );
  return {
    name: spec.sheetName ?? spec.title.slice(0, 31),
    title: spec.title,
    details: spec.details,
    columns: spec.columns,
    rows: rows.length > 0 ? rows : [[messages.noRecordsFound]],
    totals: [end.totals, ...(end.after ?? [])].map(line),
  };
}

/** A row per account, a column per line of its statement; no totals (accounts do not add up). */
const reconciliationSheet = (statements: PackStatements): PackSheet => ({
  name: 'Reconciliation',
  title: reconciliationTitle(statements.date),
  details: [`As at: ${statements.date}`],
  columns: [
    { header: 'Account', kind: 'text', width: 32 },
    ...SUMMARY_LINES.map(([, header]): SheetColumn => ({ header, kind: 'money', width: 22 })),
  ],
  rows:
    statements.reconciliations.length > 0
      ? statements.reconciliations.map((account) => [
          account.account,
          ...SUMMARY_LINES.map(([key]) => account[key]),
        ])
      : [[messages.noRecordsFound]],
  totals: [],
});

/** The pack's sheets of the statements: Trial balance, Balance sheet, Reconciliation. */
export const packStatementsSheets = async (
  context: ExportContext,
  statements: PackStatements,
): Promise<PackSheet[]> => [
  await packSheet(trialBalanceExcel(context, statements.trialBalance)),
  await packSheet(balanceSheetExcel(context, statements.balanceSheet)),
  reconciliationSheet(statements),
];
