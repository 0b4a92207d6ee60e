// What a receipt file is, from its first bytes only (never its name or declared type): PDF,
// JPEG, PNG, WebP, or HEIC (refused with its own message), else unknown.
export type SniffedType = 'application/pdf' | 'image/jpeg' | 'image/png' | 'image/webp' | 'heic';

/** Bytes needed to decide. */
export const SNIFF_BYTES = 16;

const startsWith = (head: Buffer, bytes: number[], at = 0) =>
  head.length >= at + bytes.length && bytes.every((byte, i) => head[at + i] === byte);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** HEIF brands of HEIC photos (iPhones) and image sequences. */
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

export function sniff(head: Buffer): SniffedType | undefined {
  // A PDF begins with its header (`%PDF-1.x` or `%PDF-2.0`); readers tolerate leading junk,
  // which is how polyglots hide, so nothing may come before it here.
  if (startsWith(head, ascii('%PDF-1.')) || startsWith(head, ascii('%PDF-2.')))
    return 'application/pdf';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'image/webp';
  if (
    startsWith(head, ascii('ftyp'), 4) &&
    HEIC_BRANDS.has(head.subarray(8, 12).toString('latin1'))
  )
    return 'heic';
  return undefined;
}

/** A PDF ends with `%%EOF` (and maybe line breaks or a little padding) in its last kilobyte. */
export const PDF_TAIL_BYTES = 1024;
export const endsLikePdf = (tail: Buffer): boolean => tail.includes('%%EOF', 0, 'latin1');
