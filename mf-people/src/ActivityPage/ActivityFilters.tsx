import type { FormEvent } from 'react';
import type { User } from 'contract/browser';
import { Button, DateInput, PeriodPresets, Select, TextField } from 'shared-ui';
import type { FilterDraft } from 'shared-ui';
import { ACTION_OPTIONS, KIND_OPTIONS } from './activity-labels';
import type { FilterName } from './useActivityLog';

export interface ActivityFiltersProps {
  draft: FilterDraft<FilterName>;
  change: (name: FilterName) => (value: string) => void;
  users: User[];
  /** Applies the draft, with the filters `also` sets (a period chosen in one click). */
  onApply: (also?: Partial<FilterDraft<FilterName>>) => void;
  onClear: () => void;
  onDownload: () => void;
  downloading: boolean;
}

/** A picker's options plus the value from the URL when the list does not know it. */
function withCurrent(options: Array<{ value: string; label: string }>, value: string) {
  return !value || options.some((option) => option.value === value)
    ? options
    : [...options, { value, label: value }];
}

/** The activity log's filter form, with Apply, Clear and Download CSV. */
export function ActivityFilters({
  draft,
  change,
  users,
  onApply,
  onClear,
  onDownload,
  downloading,
}: ActivityFiltersProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply();
  };
  return (
    <form className="ofs-card mf-activity__filters" onSubmit={submit} aria-label="Filters">
      <Select
        label="Who"
        value={draft.who}
        onChange={change('who')}
        placeholder="Anyone"
        options={users.map((user) => ({
          value: String(user.id),
          label: `${user.name} (${user.email})`,
        }))}
      />
      <Select
        label="Kind of record"
        value={draft.kind}
        onChange={change('kind')}
        placeholder="Any kind"
        options={withCurrent(KIND_OPTIONS, draft.kind)}
      />
      <Select
        label="Action"
        value={draft.action}
        onChange={change('action')}
        placeholder="Any action"
        options={withCurrent(ACTION_OPTIONS, draft.action)}
      />
      <DateInput label="From" value={draft.from} onChange={change('from')} />
      <DateInput label="To" value={draft.to} onChange={change('to')} />
      <PeriodPresets
        range={{ from: draft.from, to: draft.to }}
        onPick={(range) => onApply(range)}
      />
      <TextField
        label="Record id"
        value={draft.record}
        onChange={change('record')}
        inputMode="numeric"
      />
      <div className="ofs-toolbar mf-activity__actions">
        <Button type="submit">Apply</Button>
        <Button variant="secondary" onClick={onClear}>
          Clear
        </Button>
        <Button
          variant="secondary"
          onClick={onDownload}
          busy={downloading}
          busyLabel="Downloading..."
        >
          Download CSV
        </Button>
      </div>
    </form>
  );
}
