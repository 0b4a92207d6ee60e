import type { FormEvent, ReactNode } from 'react';
import { Button, DateInput, PeriodPresets } from 'shared-ui';
import type { DateRange } from 'shared-ui';

export interface FilterBarProps {
  range: DateRange;
  onRangeChange: (range: DateRange) => void;
  /** "Filter" on reports, "Get Ledger" on ledgers. */
  submitLabel: string;
  /**
   * Shows the figures of the dates on screen; with `range`, of a period just chosen (This month,
   * Last month...), which is already on its way into the inputs.
   */
  onSubmit: (range?: DateRange) => void;
  busy?: boolean;
  /** A picker shown before the dates (client, employee). */
  children?: ReactNode;
}

/**
 * Start and End Date inputs, the periods in one click and the action button; Enter in a date
 * input submits too.
 */
export function FilterBar({
  range,
  onRangeChange,
  submitLabel,
  onSubmit,
  busy = false,
  children,
}: FilterBarProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form className="ofs-toolbar" onSubmit={submit} aria-label="Report filters">
      {children}
      <DateInput
        label="Start Date"
        name="startDate"
        value={range.from}
        onChange={(from) => onRangeChange({ ...range, from })}
      />
      <DateInput
        label="End Date"
        name="endDate"
        value={range.to}
        onChange={(to) => onRangeChange({ ...range, to })}
      />
      <Button type="submit" disabled={busy}>
        {submitLabel}
      </Button>
      <PeriodPresets
        range={range}
        onPick={(period) => {
          onRangeChange(period);
          onSubmit(period);
        }}
      />
    </form>
  );
}
