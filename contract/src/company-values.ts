// The values of company.ts that the browser reads (`contract/browser`), apart from the schemas that
// company.ts builds from them.

/** The largest logo accepted, in bytes (it travels as base64 inside a JSON body). */
export const LOGO_MAX_BYTES = 40 * 1024;

export const LOGO_MEDIA_TYPES = ['image/png', 'image/jpeg'] as const;
