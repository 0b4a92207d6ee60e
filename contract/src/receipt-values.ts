// The values of receipts.ts that the browser reads (`contract/browser`), apart from the schemas that
// receipts.ts builds from them.

/** The types a receipt may be, decided by the file's bytes. */
export const RECEIPT_MEDIA_TYPES = [
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/webp',
] as const;

/** The multipart field names of the upload calls. */
export const RECEIPT_FORM = {
  /** Each file (several allowed). */
  file: 'receipt',
  /** Recording an entry with its files: which form (income, expense, salary)... */
  kind: 'kind',
  /** ...and that form's JSON body, exactly as its spec call takes it. Both before the files. */
  entry: 'entry',
} as const;

/** The journal's Receipt filter: entries with at least one shown receipt, or with none. */
export const RECEIPT_FILTERS = ['with', 'without'] as const;
