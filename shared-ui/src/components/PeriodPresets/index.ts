export { PeriodPresets } from './PeriodPresets';
export type { PeriodPresetsProps } from './PeriodPresets';
export { PERIOD_LABELS, PERIOD_PRESETS, periodRange, presetOf, yearToDate } from './periods';
export type { PeriodPreset } from './periods';
