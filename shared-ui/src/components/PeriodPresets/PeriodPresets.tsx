import type { DateRange } from '../../dates/dates';
import { PERIOD_LABELS, PERIOD_PRESETS, periodRange, presetOf } from './periods';
import './PeriodPresets.css';

export interface PeriodPresetsProps {
  /** The range in the date inputs: the button of the period it is shows as pressed. */
  range: DateRange;
  /** A period chosen: the screen puts it in its inputs and shows its figures at once. */
  onPick: (range: DateRange) => void;
  /** The day the periods are counted from (tests); today by default. */
  today?: Date;
}

/** This month, Last month, This year, Last year: a date filter's periods in one click each. */
export function PeriodPresets({ range, onPick, today }: PeriodPresetsProps) {
  const now = today ?? new Date();
  const current = presetOf(range, now);
  return (
    <div className="ofs-periods" role="group" aria-label="Period">
      {PERIOD_PRESETS.map((preset) => (
        <button
          key={preset}
          type="button"
          className="ofs-periods__button"
          aria-pressed={current === preset}
          onClick={() => onPick(periodRange(preset, now))}
        >
          {PERIOD_LABELS[preset]}
        </button>
      ))}
    </div>
  );
}
