// The refusals of a receipt file, shared by the checks (store.ts) and the writer of its bytes
// (repositories/receipt-blobs.ts).
import { apiMessages } from 'contract';
import { HttpError } from '../lib/errors.js';

/** 415: not a PDF, JPEG, PNG or WebP (or HEIC, with its own message). */
export const unsupported = (message: string = apiMessages.receiptTypeRefused) =>
  new HttpError(415, message);

/** 413: over RECEIPT_LIMITS.maxFileBytes. */
export const fileTooLarge = () => new HttpError(413, apiMessages.receiptTooLarge);
