// The company's details (migration 017): read for every export header, changed by admins on the
// Company tab, each change audited. The logo is typed by its bytes, never by what the browser
// says, then decoded and encoded again by libvips (files/images.ts, with the receipts' pixel
// budget and queue): what is kept is an image libvips wrote, without the sender's metadata, that
// the PDF library can draw, so a saved logo never breaks an export (a PNG with damaged
// compressed data once stopped the PDF library's process).
import { sql } from 'kysely';
import {
  apiMessages,
  LOGO_MAX_BYTES,
  type Company,
  type CompanyBody,
  type LogoMediaType,
} from 'contract';
import type { Db } from '../db/index.js';
import { audit } from '../lib/audit.js';
import { badRequest } from '../lib/errors.js';
import { canDrawImage } from '../exports/pdf.js';
import { ImageRefused, reencodeImage } from '../files/images.js';

/** The details with the logo's bytes, as the exports use them. */
export interface CompanyWithLogo extends Omit<Company, 'logo'> {
  logo: { mediaType: LogoMediaType; data: Buffer } | null;
}

type CompanyRow = {
  name: string;
  address: string;
  phone: string;
  email: string;
  tax_number: string;
  logo: Uint8Array | null;
  logo_media_type: LogoMediaType | null;
};

const EMPTY: CompanyWithLogo = {
  name: '',
  address: '',
  phone: '',
  email: '',
  taxNumber: '',
  logo: null,
};

export async function companyWithLogo(db: Db): Promise<CompanyWithLogo> {
  const { rows } = await sql<CompanyRow>`
    SELECT name, address, phone, email, tax_number, logo, logo_media_type FROM company`.execute(db);
  const row = rows[0];
  if (!row) return EMPTY;
  return {
    name: row.name,
    address: row.address,
    phone: row.phone,
    email: row.email,
    taxNumber: row.tax_number,
    logo:
      row.logo && row.logo_media_type
        ? { mediaType: row.logo_media_type, data: Buffer.from(row.logo) }
        : null,
  };
}

/** The details as the API answers them: the logo by its type and size only. */
export const publicCompany = (company: CompanyWithLogo): Company => ({
  ...company,
  logo: company.logo
    ? { mediaType: company.logo.mediaType, bytes: company.logo.data.length }
    : null,
});

export const getCompany = async (db: Db): Promise<Company> =>
  publicCompany(await companyWithLogo(db));

export async function saveCompany(db: Db, actorId: number, body: CompanyBody): Promise<Company> {
  const next = {
    name: body.name.trim(),
    address: body.address?.trim() ?? '',
    phone: body.phone?.trim() ?? '',
    email: body.email?.trim() ?? '',
    taxNumber: body.taxNumber?.trim() ?? '',
  };
  return db.transaction().execute(async (tx) => {
    const before = await getCompany(tx);
    await sql`
      INSERT INTO company (id, name, address, phone, email, tax_number, updated_at)
      VALUES (true, ${next.name}, ${next.address}, ${next.phone}, ${next.email}, ${next.taxNumber}, now())
      ON CONFLICT (id) DO UPDATE SET
        name = EXCLUDED.name, address = EXCLUDED.address, phone = EXCLUDED.phone,
        email = EXCLUDED.email, tax_number = EXCLUDED.tax_number, updated_at = now()`.execute(tx);
    const { logo: _logo, ...beforeFields } = before;
    await audit(tx, {
      actorId,
      action: 'update',
      entity: 'company',
      entityId: 'details',
      before: beforeFields,
      after: next,
    });
    return getCompany(tx);
  });
}

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
    if (error instanceof ImageRefused && error.reason === 'pixels')
      throw badRequest(apiMessages.imageTooManyPixels);
    throw badRequest(apiMessages.logoUnreadable);
  }
}

/** Stores a logo sent in base64, or removes it (null). */
export async function saveLogo(db: Db, actorId: number, base64: string | null): Promise<Company> {
  let logo: { data: Buffer; mediaType: LogoMediaType } | null = null;
  if (base64 !== null) {
    const data = Buffer.from(base64, 'base64');
    if (data.length > LOGO_MAX_BYTES) throw badRequest(apiMessages.logoTooLarge);
    const mediaType = imageTypeOf(data);
    if (!mediaType) throw badRequest(apiMessages.logoNotAnImage);
    const clean = await reencode(data, mediaType);
    if (!(await canDrawImage(clean))) throw badRequest(apiMessages.logoUnreadable);
    logo = { data: clean, mediaType };
  }
  return db.transaction().execute(async (tx) => {
    const before = await getCompany(tx);
    await sql`
      INSERT INTO company (id, logo, logo_media_type, updated_at)
      VALUES (true, ${logo?.data ?? null}, ${logo?.mediaType ?? null}, now())
      ON CONFLICT (id) DO UPDATE SET
        logo = EXCLUDED.logo, logo_media_type = EXCLUDED.logo_media_type, updated_at = now()`.execute(
      tx,
    );
    const after = await getCompany(tx);
    await audit(tx, {
      actorId,
      action: 'update',
      entity: 'company',
      entityId: 'logo',
      before: { logo: before.logo },
      after: { logo: after.logo },
    });
    return after;
  });
}
