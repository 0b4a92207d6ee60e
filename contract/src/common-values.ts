// The values of common.ts that the browser reads (`contract/browser`), apart from the schemas that
// common.ts builds from them.

/** The pattern of a calendar day as YYYY-MM-DD, years 1900 to 9999. */
export const ISO_DATE_PATTERN = '^(19\\d\\d|[2-9]\\d{3})-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$';
