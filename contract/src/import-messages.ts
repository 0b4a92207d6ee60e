// The texts of imports (docs/product.md#messages).
// Pure data: messages.ts assembles the catalogue from these, in its order.

/** The import screen and its API (issue 20; docs/decisions/014-import.md). */
export const importMessages = {
  title: 'Import',
  whatToImport: 'What to import',
  file: 'File',
  preview: 'Preview',
  /** "Import N rows". */
  importRows: (rows: number) => `Import ${rows} rows`,
  /** "N rows ready · M rows with errors". */
  summary: (ready: number, errors: number) =>
    `${ready} rows ready \u00b7 ${errors} rows with errors`,
  pastImports: 'Past imports',
  undoImport: 'Undo import',
  undoReason: 'Reason for the undo',
  noImports: 'No imports yet',
  line: 'Line',
  reason: 'Reason',
  notMapped: '(not mapped)',
  dateFormat: 'Date format',
  numberFormat: 'Number format',
  sheet: 'Sheet',
  chooseFormat: 'The file leaves this open: choose one',
  newParties: 'Not found: create them in this import, or pick an existing one',
  createParty: 'Create',
  importAnyway: 'Import anyway',
  entriesOfImport: (id: number) => `Entries of import #${id}`,
  entriesOfBatch: (id: number) => `Entries of batch #${id}`,
  allEntries: 'Show all entries',
  imported: 'Import done',
  failedPreview: 'Failed to read the file',
  errorPreview: 'Error reading the file',
  failedImport: 'Failed to import the file',
  errorImport: 'Error importing the file',
  failedLoadImports: 'Failed to load the imports',
  errorLoadingImports: 'Error loading the imports',
  // Refusals of the whole file (nothing written).
  noFile: 'Choose a file to import',
  noOptions: 'The import options are missing',
  badOptions: 'The import options are not valid',
  tooLarge: 'The file is larger than 20 MB',
  tooManyRows: 'The file has more than 200,000 rows',
  tooManyRowsRead:
    'The file has more than 250,000 rows (blank ones included): an import reads at most 250,000',
  tooManyColumns: (line: number) =>
    `Line ${line}: the row has more than 100 columns: an import takes at most 100`,
  tooManySharedStrings:
    'This Excel workbook holds more than 1,000,000 texts or 30,000,000 characters of text: it is refused',
  emptyFile: 'The file holds no rows',
  notCsv: 'This file is not a text (CSV) file: it looks like a binary or Excel file',
  notXlsx: 'This file is not an Excel (.xlsx) workbook',
  wrongType: 'Only .csv, .txt and .xlsx files can be imported',
  zipBomb: 'This Excel file unpacks to far more than its size: it is refused',
  unreadableXlsx: 'This Excel workbook could not be read',
  noSheet: 'The workbook has no sheet with that name',
  unclosedQuote: 'A quoted field is not closed',
  nullByte: (line: number) => `Line ${line}: the row holds a null character`,
  cellTooLong: (line: number) => `Line ${line}: a cell holds more than 1,000 characters`,
  chooseDateFormat: 'The dates can be read more than one way: choose the date format',
  chooseNumberFormat: 'The amounts can be read more than one way: choose the number format',
  unmapped: (label: string) => `Map a column to ${label}`,
  nothingReady: 'No row is ready to import',
  partiesUndecided: 'Some parties do not exist: create them or pick existing ones',
  importedBefore: (id: number, at: string, fileName: string) =>
    `This file was imported before: import #${id} (${fileName}) on ${at.slice(0, 10)}`,
  // Why a row is not ready.
  missing: (label: string) => `Missing ${label}`,
  badDate: (value: string) => `Date not understood: ${value}`,
  futureDate: 'Date in the future',
  closedDate: (closed: string) =>
    `Date in a closed period (the books are closed through ${closed})`,
  badAmount: (value: string) => `Amount is not a number: ${value}`,
  badCreditDebit: (value: string) => `Credit/Debit is not Credit or Debit: ${value}`,
  creditOnly: 'Expense and salary entries are Credit only',
  unknownParty: (label: string, name: string) => `Unknown ${label.toLowerCase()}: ${name}`,
  suspended: (name: string) => `Expense type is suspended: ${name}`,
  moreCellsThanHeaders: (columns: number) =>
    `The row has more cells than the header has columns (${columns})`,
  mixedLineBreaks:
    'The file mixes kinds of line break and this row borders one unlike the rest: check where the row starts and ends, and save the file again with one kind',
  duplicateEntry: 'Duplicate of an entry already recorded',
  duplicateRow: (line: number) => `Duplicate of line ${line}`,
  exists: 'Already exists',
  partyNotFound: (name: string) => `The party picked for ${name} does not exist`,
  employeesPickOnly: (name: string) =>
    `Employee ${name} does not exist: add them (an employee needs a number) or pick one`,
  importNotFound: 'Import not found',
  readOnly: 'Your account can only view. Files are imported by staff and admins.',
} as const;
