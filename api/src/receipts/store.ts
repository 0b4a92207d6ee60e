// What a receipt file may be, decided before it is stored: a file is stored once the whole
// upload has been received (routes/receipts: the body is never left waiting on this work, see
// docs/decisions/015-receipts.md). Images are decoded and re-encoded (files/images.ts, under its
// pixel budget and queue), which drops their metadata (EXIF GPS, camera) and anything appended to
// them (polyglots); a PDF is kept byte for byte once its header and end marker are found. The
// bytes are written by repositories/receipt-blobs.ts.
import { apiMessages, type ReceiptMediaType } from 'contract';
import type { Db } from '../db/index.js';
import { HttpError } from '../lib/errors.js';
import { ImageRefused, reencodeImage, type ImageType } from '../files/images.js';
import { CHUNK_BYTES, writeBlob, type StoredBlob } from '../repositories/receipt-blobs.js';
import { fileTooLarge, unsupported } from './refusals.js';
import { endsLikePdf, sniff, SNIFF_BYTES } from './sniff.js';

export { fileTooLarge };

/**
 * The type of a receipt from its first bytes (SNIFF_BYTES are enough); refuses (415) anything
 * that is not a PDF, JPEG, PNG or WebP, and HEIC with its own message.
 */
export function receiptType(head: Buffer): ReceiptMediaType {
  const type = sniff(head);
  if (type === 'heic') throw unsupported(apiMessages.receiptHeic);
  if (type === undefined) throw unsupported();
  return type;
}

/**
 * The longest side a receipt image is kept at. A receipt photographed whole is legible at this
 * size (about 300 dpi over 20 cm), and libvips then decodes a JPEG of twice as many pixels per
 * side at half its scale (shrink-on-load): a 24-megapixel progressive JPEG peaked at +124 MB
 * rather than +220 MB, in half the time.
 */
export const RECEIPT_IMAGE_MAX_SIDE = 2400;

/** Decodes and re-encodes an image in its own format (files/images.ts). */
async function reencode(input: Buffer, type: ImageType): Promise<Buffer> {
  try {
    return await reencodeImage(input, type, {
      fit: { width: RECEIPT_IMAGE_MAX_SIDE, height: RECEIPT_IMAGE_MAX_SIDE },
    });
  } catch (error) {
    if (error instanceof ImageRefused && error.tooLarge) throw new HttpError(413, error.message);
    throw unsupported();
  }
}

function* pieces(buffer: Buffer): Generator<Buffer> {
  for (let at = 0; at < buffer.length; at += CHUNK_BYTES)
    yield buffer.subarray(at, at + CHUNK_BYTES);
}

/**
 * Stores one received file (the caller enforces the size limit while it is received). Refuses
 * (415) anything that is not a PDF, JPEG, PNG or WebP, and (413) an image over the pixel budget.
 */
export async function storeBlob(db: Db, file: Buffer): Promise<StoredBlob> {
  const type = receiptType(file.subarray(0, SNIFF_BYTES));
  if (type === 'application/pdf') return writeBlob(db, type, pieces(file), endsLikePdf);
  return writeBlob(db, type, pieces(await reencode(file, type)));
}
