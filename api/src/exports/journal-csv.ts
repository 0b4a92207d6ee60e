// The Journal as a CSV file: every entry and voucher that matches the filters, newest first,
// streamed a batch of lines at a time (PostgreSQL writes the lines: repositories/
// journal-csv-batch.ts), then a totals line.
import { centsOf, centsText, CSV_BOM } from 'contract';
import type { Db } from '../db/index.js';
import type { JournalPosition } from '../lib/page-cursor.js';
import { checkFilters, type JournalFilters } from '../repositories/journal.js';
import { journalCsvBatch, JOURNAL_CSV_BATCH } from '../repositories/journal-csv-batch.js';

/** The byte-order mark first, so that Excel reads the names as UTF-8. */
const CSV_HEADER =
  CSV_BOM +
  'id,date,kind,party,Creditdebit,amount,description,recorded by,recorded at,state,account\r\n';

/**
 * Every matching row as CSV, newest first, read in batches by position so that memory holds
 * one batch whatever the number of rows; the last line is the totals row, summed exactly (with
 * the vouchers' sum after Credit and Debit when vouchers are among the rows).
 */
export async function* journalCsv(db: Db, filters: JournalFilters): AsyncGenerator<string> {
  checkFilters(filters);
  yield CSV_HEADER;
  let before: JournalPosition | undefined;
  let count = 0;
  let credit = 0n;
  let debit = 0n;
  let vouchers = 0n;
  let anyVoucher = false;
  for (;;) {
    const batch = await journalCsvBatch(db, filters, before);
    if (batch.body) yield batch.body;
    count += batch.rows;
    credit += centsOf(batch.credit);
    debit += centsOf(batch.debit);
    vouchers += centsOf(batch.vouchers);
    anyVoucher ||= batch.voucher_rows > 0;
    if (
      batch.rows < JOURNAL_CSV_BATCH ||
      !batch.last_date ||
      batch.last_id === null ||
      batch.last_source === null
    )
      break;
    before = { date: batch.last_date, source: batch.last_source, id: Number(batch.last_id) };
  }
  const voucherCells = anyVoucher ? `Vouchers,${centsText(vouchers)}` : ',';
  yield `Totals,${count} entries,,,Credit,${centsText(credit)},Debit,${centsText(debit)},${voucherCells},\r\n`;
}
