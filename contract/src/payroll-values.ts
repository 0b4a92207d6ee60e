// The values of payroll.ts that the browser reads (`contract/browser`), apart from the schemas that
// payroll.ts builds from them.

/** A month as YYYY-MM (years 1900 to 9999). */
export const MONTH_PATTERN = '^(19\\d\\d|[2-9]\\d{3})-(0[1-9]|1[0-2])$';
