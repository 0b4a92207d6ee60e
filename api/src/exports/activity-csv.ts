// The activity as a CSV file: the rows the admin's filters match, newest first, streamed a page
// at a time however many there are.
import { CSV_BOM, csvLine, personText, type ActivityRow } from 'contract';
import type { Db } from '../db/index.js';
import { allActivity, type ActivityFilters } from '../repositories/activity.js';

const CSV_HEADER = ['When', 'Who', 'Action', 'Kind', 'Record', 'Changes', 'Address', 'Browser'];

const text = (value: unknown): string =>
  value === null || value === undefined
    ? ''
    : typeof value === 'string'
      ? value
      : JSON.stringify(value);

const csvRow = (row: ActivityRow) =>
  csvLine([
    row.at,
    row.actor ? personText(row.actor) : '',
    row.action,
    row.kind,
    row.recordId ?? '',
    row.changes
      .map((change) => `${change.field}: ${text(change.before)} -> ${text(change.after)}`)
      .join('; '),
    row.address,
    row.browser,
  ]);

async function* csvFile(rows: AsyncIterable<ActivityRow>): AsyncGenerator<string> {
  // The byte-order mark makes spreadsheets read the file as UTF-8.
  yield CSV_BOM + csvLine(CSV_HEADER);
  for await (const row of rows) yield csvRow(row);
}

/** The activity CSV of the rows that match. */
export const activityCsv = (db: Db, filters: ActivityFilters): AsyncGenerator<string> =>
  csvFile(allActivity(db, filters));
