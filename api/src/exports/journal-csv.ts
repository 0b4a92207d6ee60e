// The Journal as a CSV file: every entry that matches the filters, newest first, streamed a batch
// of lines at a time (PostgreSQL writes the lines: repositories/journal.ts), then a totals line.
import { centsOf, centsText, CSV_BOM } from 'contract';
import type { Db } from '../db/index.js';
import type { Position } from '../lib/page-cursor.js';
import {
  checkFilters,
  journalCsvBatch,
  JOURNAL_CSV_BATCH,
  type JournalFilters,
} from '../repositories/journal.js';

/** The byte-order mark first, so that Excel reads the names as UTF-8. */
const CSV_HEADER =
  CSV_BOM +
  'id,date,kind,party,Creditdebit,amount,description,recorded by,recorded at,state,account\r\n';

/**
 * Every matching entry as CSV, newest first, read in batches by position so that memory holds
 * one batch whatever the number of rows; the last line is the totals row, summed exactly.
 */
export async function* journalCsv(db: Db, filters: JournalFilters): AsyncGenerator<string> {
  checkFilters(filters);
  yield CSV_HEADER;
  let before: Position | undefined;
  let count = 0;
  let credit = 0n;
  let debit = 0n;
  for (;;) {
    const batch = await journalCsvBatch(db, filters, before);
    if (batch.body) yield batch.body;
    count += batch.rows;
    credit += centsOf(batch.credit);
    debit += centsOf(batch.debit);
    if (batch.rows < JOURNAL_CSV_BATCH || !batch.last_date || batch.last_id === null) break;
    before = { date: batch.last_date, id: batch.last_id };
  }
  yield `Totals,${count} entries,,,Credit,${centsText(credit)},Debit,${centsText(debit)},,,\r\n`;
}
