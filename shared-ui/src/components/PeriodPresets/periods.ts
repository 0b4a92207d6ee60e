// The periods a date filter offers in one click. "Today" is the browser's, as everywhere else
// on the screens (shared-ui's dates): the same day the empty date inputs stand for.
import { firstDayOfMonth, lastDayOfMonth, toIsoDate, type DateRange } from '../../dates/dates';

export const PERIOD_PRESETS = ['thisMonth', 'lastMonth', 'thisYear', 'lastYear'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

export const PERIOD_LABELS: Record<PeriodPreset, string> = {
  thisMonth: 'This month',
  lastMonth: 'Last month',
  thisYear: 'This year',
  lastYear: 'Last year',
};

/** The first and last day of a preset period around `today`. */
export function periodRange(preset: PeriodPreset, today: Date = new Date()): DateRange {
  const year = today.getFullYear();
  switch (preset) {
    case 'thisMonth':
      return { from: firstDayOfMonth(today), to: lastDayOfMonth(today) };
    case 'lastMonth': {
      const before = new Date(year, today.getMonth() - 1, 1);
      return { from: firstDayOfMonth(before), to: lastDayOfMonth(before) };
    }
    case 'thisYear':
      return { from: `${year}-01-01`, to: `${year}-12-31` };
    case 'lastYear':
      return { from: `${year - 1}-01-01`, to: `${year - 1}-12-31` };
  }
}

/** From 1 January of this year to today: where a ledger opens when nothing asks otherwise. */
export function yearToDate(today: Date = new Date()): DateRange {
  return { from: `${today.getFullYear()}-01-01`, to: toIsoDate(today) };
}

/** The preset a range is exactly, if any (its button shows as pressed). */
export function presetOf(range: DateRange, today: Date = new Date()): PeriodPreset | undefined {
  return PERIOD_PRESETS.find((preset) => {
    const period = periodRange(preset, today);
    return period.from === range.from && period.to === range.to;
  });
}
