// The catalogue's texts of the journal (docs/product.md#messages).
// Pure data: messages.ts assembles the catalogue from these, in its order.

/**
 * The API's answer to a correction that changes nothing (`apiMessages`), which the Correct dialog
 * also says before sending: a name of its own in this module of plain data, so that the dialog's
 * bundle takes this text without the catalogue.
 */
export const CORRECTION_CHANGES_NOTHING =
  'Nothing to correct: change the amount, date, description, party or Credit/Debit';

export const journalMessages = {
  // The journal (not in the spec: the second release's screen)
  failedLoadJournal: 'Failed to load the journal',
  errorLoadingJournal: 'Error loading the journal',
  failedReverseEntry: 'Failed to reverse the entry',
  errorReversingEntry: 'Error reversing the entry',
  failedCorrectEntry: 'Failed to correct the entry',
  errorCorrectingEntry: 'Error correcting the entry',
  failedLoadBooksClosed: 'Failed to load the books closed through date',
  errorLoadingBooksClosed: 'Error loading the books closed through date',
  failedSaveBooksClosed: 'Failed to save the books closed through date',
  errorSavingBooksClosed: 'Error saving the books closed through date',
  failedDownloadCsv: 'Failed to download the CSV',
  errorDownloadingCsv: 'Error downloading the CSV',
} as const;
