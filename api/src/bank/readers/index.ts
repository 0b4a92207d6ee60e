// Reading a bank statement file into lines (issues 33 and 39): each format by its own reader in
// this folder, every one of them in one walk over the file, whatever its tags, nesting or
// missing closers. Every refusal is a 400 naming the line of the file; nothing is stored here.
// The readers run in a worker thread (in-worker.ts), never on the thread that answers requests.
import { accountMessages as m, type StatementFormat, type StatementOptions } from 'contract';
import { badRequest } from '../../lib/errors.js';
import { readCamt } from './camt.js';
import { checkDays, type StatementLayout, type StatementRead } from './common.js';
import { readMt940 } from './mt940.js';
import { readOfx } from './ofx.js';
import { readTable } from './table.js';

export {
  STATEMENT_MAX_LINES,
  type StatementLayout,
  type StatementLineRead,
  type StatementRead,
} from './common.js';

/** The format from the options, the file's name, or its first bytes. */
export function statementFormat(
  fileName: string,
  bytes: Buffer,
  given?: StatementFormat,
): StatementFormat {
  if (given) return given;
  const extension = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';
  if (extension === 'ofx' || extension === 'qfx') return 'ofx';
  if (['sta', 'mt940', '940', 'swi'].includes(extension)) return 'mt940';
  if (extension === 'xlsx') return 'xlsx';
  const head = bytes.subarray(0, 4096).toString('latin1');
  if (/camt\.053|<BkToCstmrStmt/i.test(head)) return 'camt053';
  if (/OFXHEADER|<OFX>/i.test(head)) return 'ofx';
  if (/^\s*(\{1:|:20:)/.test(head)) return 'mt940';
  if (extension === 'csv' || extension === 'txt') return 'csv';
  if (extension === 'xml') return 'camt053';
  throw badRequest(m.statementUnknownFormat);
}

/**
 * The statement's lines, none dated after `today`; `onLayout` is told how a CSV or Excel
 * statement is read (its header and the columns used) before any of its lines is checked, so
 * that a preview can show the columns of a file whose lines are refused as mapped.
 */
export async function readStatement(
  fileName: string,
  bytes: Buffer,
  options: StatementOptions,
  today: string,
  onLayout?: (layout: StatementLayout) => void,
): Promise<StatementRead> {
  const format = statementFormat(fileName, bytes, options.format);
  const read =
    format === 'ofx'
      ? readOfx(bytes)
      : format === 'camt053'
        ? readCamt(bytes)
        : format === 'mt940'
          ? readMt940(bytes)
          : await readTable(fileName, bytes, options, format, onLayout);
  return checkDays(read, today);
}
