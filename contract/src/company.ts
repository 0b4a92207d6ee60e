// The company details every Excel and PDF header carries (Settings, Company; issue 22), and the
// calls that read and change them.
import { Type, type Static } from '@sinclair/typebox';
import { Email, Name, OptionalText } from './common.js';
import { defineEndpoint as endpoint } from './endpoint.js';
import { apiMessages } from './messages.js';
import { companyRoutes } from './company-routes.js';
import { LOGO_MAX_BYTES, LOGO_MEDIA_TYPES } from './company-values.js';
export { LOGO_MAX_BYTES, LOGO_MEDIA_TYPES } from './company-values.js';

export type LogoMediaType = (typeof LOGO_MEDIA_TYPES)[number];

/** The company's details as the Company tab edits them; every field but the name may be empty. */
export const CompanyBody = Type.Object(
  {
    name: Name(200, 'The company name, first line of every Excel and PDF header'),
    address: OptionalText(500),
    phone: OptionalText(50),
    email: Type.Optional(Type.Union([Email, Type.Literal('')])),
    taxNumber: OptionalText(50),
  },
  { additionalProperties: false },
);
export type CompanyBody = Static<typeof CompanyBody>;

export const Company = Type.Object({
  /** Empty until an admin saves the Company tab. */
  name: Type.String(),
  address: Type.String(),
  phone: Type.String(),
  email: Type.String(),
  taxNumber: Type.String(),
  /** The logo's type and size, or null without one. */
  logo: Type.Union([
    Type.Null(),
    Type.Object({
      mediaType: Type.Union(LOGO_MEDIA_TYPES.map((t) => Type.Literal(t))),
      bytes: Type.Integer(),
    }),
  ]),
});
export type Company = Static<typeof Company>;

/** A logo upload: the PNG or JPEG file's bytes in base64; its type is read from the bytes. */
export const CompanyLogoBody = Type.Object(
  {
    logo: Type.String({
      minLength: 4,
      // base64 of LOGO_MAX_BYTES, and a little room, so a slightly larger file gets the clear 400.
      maxLength: Math.ceil((LOGO_MAX_BYTES + 1024) / 3) * 4,
      pattern: '^[A-Za-z0-9+/]+={0,2}$',
      description: `A PNG or JPEG file in base64, at most ${LOGO_MAX_BYTES} bytes`,
      // A 1x1 PNG.
      examples: [
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGMQCVjwHwADhAIEWAExyQAAAABJRU5ErkJggg==',
      ],
    }),
  },
  { additionalProperties: false },
);
export type CompanyLogoBody = Static<typeof CompanyLogoBody>;

export const CompanySaved = Type.Object({ message: Type.String(), company: Company });
export type CompanySaved = Static<typeof CompanySaved>;

export const companyEndpoints = {
  getCompany: endpoint({
    ...companyRoutes.getCompany,
    tag: 'settings',
    summary: 'The company details every Excel and PDF header carries',
    responses: { 200: Company },
    errors: [],
  }),
  saveCompany: endpoint({
    ...companyRoutes.saveCompany,
    tag: 'settings',
    summary: 'Change the company details (admins only)',
    adminsOnly: apiMessages.adminsOnlyCompany,
    body: CompanyBody,
    responses: { 200: CompanySaved },
    errors: [],
  }),
  saveCompanyLogo: endpoint({
    ...companyRoutes.saveCompanyLogo,
    tag: 'settings',
    summary: 'Set the company logo: a PNG or JPEG, checked by its bytes (admins only)',
    adminsOnly: apiMessages.adminsOnlyCompany,
    body: CompanyLogoBody,
    responses: { 200: CompanySaved },
    errors: [],
  }),
  removeCompanyLogo: endpoint({
    ...companyRoutes.removeCompanyLogo,
    tag: 'settings',
    summary: 'Remove the company logo (admins only)',
    adminsOnly: apiMessages.adminsOnlyCompany,
    responses: { 200: CompanySaved },
    errors: [],
  }),
};
