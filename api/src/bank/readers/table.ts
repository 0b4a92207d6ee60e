// CSV and Excel statements, through the import's reader and detection (imports/read-file.ts,
// detect.ts: encodings, BOM, line ends, delimiters, date and number formats, amounts in
// parentheses): the header found, the columns guessed by their names or as mapped, every row
// read once.
import {
  accountMessages as m,
  DATE_FORMATS,
  NUMBER_FORMATS,
  type DateFormat,
  type NumberFormat,
  type StatementFormat,
  type StatementMapping,
  type StatementOptions,
} from 'contract';
import { badRequest } from '../../lib/errors.js';
import {
  cellText,
  detectDateFormat,
  detectNumberFormat,
  findHeader,
  parseAmount,
  parseDate,
} from '../../imports/detect.js';
import { readImportFile, type Cell } from '../../imports/read-file.js';
import {
  centsOfText,
  checkCount,
  checkText,
  MAX_REFERENCE,
  refuse,
  type StatementLayout,
  type StatementLineRead,
  type StatementRead,
} from './common.js';

const squash = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');
const NAMES: Record<keyof StatementMapping, string[]> = {
  date: [
    'date',
    'transactiondate',
    'bookingdate',
    'postingdate',
    'valuedate',
    'txndate',
    'day',
    'datum',
    'buchungstag',
  ],
  amount: ['amount', 'amountrs', 'value', 'transactionamount', 'sum', 'betrag'],
  debit: ['debit', 'withdrawal', 'withdrawals', 'moneyout', 'paidout', 'dr', 'debits'],
  credit: ['credit', 'deposit', 'deposits', 'moneyin', 'paidin', 'cr', 'credits'],
  description: [
    'description',
    'narration',
    'details',
    'particulars',
    'memo',
    'transactiondetails',
    'payee',
    'remarks',
    'verwendungszweck',
  ],
  reference: [
    'reference',
    'ref',
    'chequeno',
    'chequenumber',
    'refno',
    'referenceno',
    'transactionid',
    'id',
  ],
  balance: ['balance', 'runningbalance', 'closingbalance', 'availablebalance'],
};

function guessStatementMapping(headers: string[]): StatementMapping {
  const mapping: StatementMapping = {};
  const squashed = headers.map(squash);
  for (const field of Object.keys(NAMES) as (keyof StatementMapping)[]) {
    const index = squashed.findIndex(
      (name, i) => NAMES[field].includes(name) && !Object.values(mapping).includes(i),
    );
    if (index !== -1) mapping[field] = index;
  }
  return mapping;
}

export async function readTable(
  fileName: string,
  bytes: Buffer,
  options: StatementOptions,
  format: StatementFormat,
  onLayout?: (layout: StatementLayout) => void,
): Promise<StatementRead> {
  // The import's reader knows a file by its extension: a statement named otherwise is read as
  // the format chosen.
  const name =
    format === 'xlsx'
      ? 'statement.xlsx'
      : /\.(csv|txt)$/i.test(fileName)
        ? fileName
        : 'statement.csv';
  const file = await readImportFile(name, bytes, options.sheet);
  const header = findHeader(file.rows);
  const headers = (file.rows[header]?.cells ?? []).map((cell) => cellText(cell));
  // A mapping given is taken as it is (a column left out is not read), as /Import takes one.
  const mapping = options.mapping ?? guessStatementMapping(headers);
  const hasAmount =
    mapping.amount !== undefined || mapping.debit !== undefined || mapping.credit !== undefined;
  const rows = file.rows
    .slice(header + 1)
    .filter((row) => row.cells.some((cell) => cellText(cell) !== ''));
  checkCount(rows.length);
  const at = (cells: Cell[], index: number | undefined): Cell =>
    index === undefined ? '' : (cells[index] ?? '');
  const detectedDate =
    mapping.date === undefined
      ? null
      : (options.dateFormat ??
        detectDateFormat(rows.map((row) => at(row.cells, mapping.date))).format ??
        DATE_FORMATS[0]);
  const moneyCells = rows.flatMap((row) =>
    [mapping.amount, mapping.debit, mapping.credit, mapping.balance].map((index) =>
      at(row.cells, index),
    ),
  );
  const detectedNumber = !hasAmount
    ? null
    : (options.numberFormat ?? detectNumberFormat(moneyCells).format ?? NUMBER_FORMATS[0]);
  onLayout?.({
    headers,
    sheets: file.sheets,
    sheet: file.sheet,
    mapping,
    dateFormat: detectedDate,
    numberFormat: detectedNumber,
  });
  if (detectedDate === null) throw badRequest(m.statementNoDate);
  if (detectedNumber === null) throw badRequest(m.statementNoAmount);
  const dateFormat: DateFormat = detectedDate;
  const numberFormat: NumberFormat = detectedNumber;
  for (const row of rows) if (row.problem) throw refuse(row.line, row.problem);
  const money = (cell: Cell, line: number): bigint | null => {
    if (cellText(cell) === '') return null;
    const amount = parseAmount(cell, numberFormat);
    if (amount === null) throw refuse(line, `"${cellText(cell).slice(0, 40)}" is not an amount`);
    return centsOfText(amount.toFixed(2), line);
  };
  const lines = rows.map((row): StatementLineRead => {
    const date = parseDate(at(row.cells, mapping.date), dateFormat);
    if (!date)
      throw refuse(
        row.line,
        `"${cellText(at(row.cells, mapping.date)).slice(0, 40)}" is not a date (${dateFormat})`,
      );
    let cents: bigint | null;
    if (mapping.amount !== undefined) cents = money(at(row.cells, mapping.amount), row.line);
    else {
      const out = money(at(row.cells, mapping.debit), row.line);
      const into = money(at(row.cells, mapping.credit), row.line);
      // Money out is written positive in its own column (some banks write it negative).
      cents = (into ?? 0n) - (out === null ? 0n : out < 0n ? -out : out);
      if (out === null && into === null) cents = null;
    }
    if (cents === null || cents === 0n) throw refuse(row.line, 'the line has no amount');
    return {
      line: row.line,
      date,
      cents,
      description: checkText(cellText(at(row.cells, mapping.description)), row.line),
      reference: checkText(cellText(at(row.cells, mapping.reference)), row.line, MAX_REFERENCE),
      balance:
        mapping.balance === undefined ? null : money(at(row.cells, mapping.balance), row.line),
    };
  });
  return { format, lines, opening: null, closing: null, currency: null };
}
