// Receipts: files (PDF, JPEG, PNG, WebP) attached to entries as proof (issue 21,
// docs/decisions/015-receipts.md). Uploads are multipart forms beside the spec's JSON calls; a
// file is served at a short-lived signed address, so that an <img> or <iframe> can show it.
import { Type, type Static } from '@sinclair/typebox';
import { Id, IsoDate, Text } from './common.js';
import { Entry } from './expenses.js';
import { EntryBudget } from './month-end.js';
import { literalUnion } from './kinds.js';
import { Person } from './users.js';
import { RECEIPT_FILTERS, RECEIPT_MEDIA_TYPES } from './receipt-values.js';

export { RECEIPT_FILTERS, RECEIPT_FORM, RECEIPT_MEDIA_TYPES } from './receipt-values.js';

export const ReceiptMediaType = literalUnion(RECEIPT_MEDIA_TYPES);
export type ReceiptMediaType = Static<typeof ReceiptMediaType>;

/** At most this many bytes a file, and this many shown files an entry. */
export const RECEIPT_LIMITS = { maxFileBytes: 10 * 1024 * 1024, maxFilesPerEntry: 10 } as const;

/**
 * The most pixels an image (a receipt, the company logo) may have: it is decoded whole to be
 * written again, at about 9 bytes a pixel at its peak (a progressive JPEG), so 25 megapixels
 * cost the server up to some 230 MB for a moment. That takes a 24-megapixel camera's photo
 * (6000 x 4000), any phone's usual 12, and an A4 page scanned at 400 dpi.
 */
export const IMAGE_MAX_PIXELS = 25_000_000;

/**
 * The most memory one image may need held whole while it is decoded, estimated from its header
 * (api/src/files/images.ts): a baseline JPEG or a PNG that is not interlaced is decoded a strip
 * at a time and needs nearly none, but a progressive JPEG keeps every coefficient of the image
 * (2 bytes a sample), an interlaced PNG every pixel, and a WebP image its whole picture.
 * Measured with sharp 0.35, one image kept at 2,400 pixels a side: a 24-megapixel progressive
 * JPEG +121 MB at its peak (4:2:0) and +188 MB (4:4:4), a 25-megapixel interlaced 16-bit PNG
 * +224 MB, a 25-megapixel WebP +147 MB, where a 24-megapixel baseline JPEG takes +51 MB; in
 * the server, with five uploads of ten such images at once, some 40 MB more (npm run
 * bench:hostile). At 48 MB, a baseline JPEG and an ordinary PNG still go up to 25 megapixels,
 * a progressive JPEG to 16 (an A4 page at 400 dpi; 8 with chroma at full size), a WebP image to
 * 9.6, an interlaced PNG to 16 (12 with alpha, 6 at 16 bits with alpha). Cameras and phones
 * write baseline JPEGs (or HEIC, refused); a progressive one comes from an editor's export.
 */
export const IMAGE_DECODE_MAX_BYTES = 48_000_000;
export const ReceiptFilter = literalUnion(RECEIPT_FILTERS);
export type ReceiptFilter = Static<typeof ReceiptFilter>;

export const Receipt = Type.Object({
  id: Id,
  entryId: Id,
  fileName: Type.String(),
  mediaType: ReceiptMediaType,
  bytes: Type.Integer({ minimum: 0 }),
  addedBy: Type.Union([Person, Type.Null()]),
  addedAt: Type.String({ format: 'date-time' }),
  /** The file shown in place (inline); signed for the caller's session, valid for minutes. */
  url: Type.String(),
  /** The same file as a download (attachment). */
  downloadUrl: Type.String(),
});
export type Receipt = Static<typeof Receipt>;

export const ReceiptList = Type.Object({ receipts: Type.Array(Receipt) });
export type ReceiptList = Static<typeof ReceiptList>;

export const ReceiptsAttached = Type.Object({
  message: Type.String(),
  receipts: Type.Array(Receipt),
});
export type ReceiptsAttached = Static<typeof ReceiptsAttached>;

export const EntryWithReceipts = Type.Object({
  message: Type.String(),
  entry: Entry,
  receipts: Type.Array(Receipt),
  /** As EntryMutation's: an expense whose type has a budget for the entry's month. */
  budget: Type.Optional(EntryBudget),
});
export type EntryWithReceipts = Static<typeof EntryWithReceipts>;

/** The signature of a file's address: the session it was issued to, its end, and the MAC. */
export const ReceiptFileQuery = Type.Object(
  {
    session: Id,
    expires: Type.Integer({ minimum: 0, maximum: 99999999999 }),
    sig: Type.String({ pattern: '^[0-9a-f]{64}$' }),
    download: Type.Optional(Type.Literal('1')),
  },
  { additionalProperties: false },
);
export type ReceiptFileQuery = Static<typeof ReceiptFileQuery>;

export const ReceiptBytes = Type.String({ description: 'The file: PDF, JPEG, PNG or WebP' });

export const RemoveReceiptBody = Type.Object(
  { reason: Text(500) },
  { additionalProperties: false },
);
export type RemoveReceiptBody = Static<typeof RemoveReceiptBody>;

/** This month's expense entries without a shown receipt: the count and the days it covers. */
export const ReceiptsMissing = Type.Object({
  count: Type.Integer({ minimum: 0 }),
  from: IsoDate,
  to: IsoDate,
});
export type ReceiptsMissing = Static<typeof ReceiptsMissing>;
