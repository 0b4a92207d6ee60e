// The company logo as admins send it (base64): refused past LOGO_MAX_BYTES, typed by its bytes
// (PNG or JPEG), never by what the browser says, decoded and written again by files/images.ts
// (at most 800 x 400, with the receipts' pixel budget and queue), and refused when the PDF
// renderer cannot draw it, before anything is stored (repositories/company.ts).
import { apiMessages, LOGO_MAX_BYTES, type LogoMediaType } from 'contract';
import { canDrawImage } from '../exports/pdf-fonts.js';
import { badRequest } from '../lib/errors.js';
import { ImageRefused, reencodeImage } from './images.js';

/** The image type of a file by its first bytes (PNG's signature, JPEG's SOI marker), or null. */
export function imageTypeOf(bytes: Buffer): LogoMediaType | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length > png.length && png.every((byte, i) => bytes[i] === byte)) return 'image/png';
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'image/jpeg';
  return null;
}

/** The logo decoded and written again (at most 800 x 400, as it was typed). */
async function reencode(bytes: Buffer, mediaType: LogoMediaType): Promise<Buffer> {
  try {
    return await reencodeImage(bytes, mediaType, { fit: { width: 800, height: 400 } });
  } catch (error) {
    if (error instanceof ImageRefused && error.tooLarge) throw badRequest(error.message);
    throw badRequest(apiMessages.logoUnreadable);
  }
}

/** The logo to store, from what the admin sent. */
export async function cleanLogo(
  base64: string,
): Promise<{ data: Buffer; mediaType: LogoMediaType }> {
  const data = Buffer.from(base64, 'base64');
  if (data.length > LOGO_MAX_BYTES) throw badRequest(apiMessages.logoTooLarge);
  const mediaType = imageTypeOf(data);
  if (!mediaType) throw badRequest(apiMessages.logoNotAnImage);
  const clean = await reencode(data, mediaType);
  if (!(await canDrawImage(clean))) throw badRequest(apiMessages.logoUnreadable);
  return { data: clean, mediaType };
}
