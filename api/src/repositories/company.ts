// The company's details (migration 017): read for every export header, changed by admins on the
// Company tab, each change audited. The logo arrives here already checked (files/logo.ts): an
// image libvips wrote, without the sender's metadata, that the PDF library can draw, so a saved
// logo never breaks an export (a PNG with damaged compressed data once stopped the PDF library's
// process).
import { sql } from 'kysely';
import type { Company, CompanyBody, LogoMediaType } from 'contract';
import type { Db } from '../db/index.js';
import { audit } from '../lib/audit.js';

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

/** Stores a logo already checked and written again (files/logo.ts), or removes it (null). */
export async function saveLogo(
  db: Db,
  actorId: number,
  logo: { data: Buffer; mediaType: LogoMediaType } | null,
): Promise<Company> {
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
