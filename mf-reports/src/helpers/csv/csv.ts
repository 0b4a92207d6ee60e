// CSV export of reports and ledgers: the text is built by the contract's CSV writer (shared with
// the server's exports) and handed to the browser as a download.
import { saveFile } from 'shared-ui';

export { csvCell, toCsv, type CsvCell } from 'contract/browser';

/**
 * Hands the text to the browser as a file download. The byte-order mark makes Excel read the
 * file as UTF-8 (names with accents otherwise come out garbled); other readers skip it.
 */
export function downloadCsv(fileName: string, content: string): void {
  saveFile(fileName, new Blob(['\uFEFF', content], { type: 'text/csv;charset=utf-8' }));
}
