// The names of the months as every screen, PDF and spreadsheet of the product writes them
// (English, as the rest of the product's text), January first.
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** The same, in three letters (chart axes). */
export const SHORT_MONTH_NAMES = MONTH_NAMES.map((name) => name.slice(0, 3));
