import { Button, DateInput } from 'shared-ui';

export interface DateFilterProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  busy: boolean;
}

/** A statement's one day (the trial balance's, the balance sheet's) and its Filter button. */
export function DateFilter({ label, value, onChange, onSubmit, busy }: DateFilterProps) {
  return (
    <form
      className="ofs-toolbar"
      aria-label="Report filters"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <DateInput label={label} name="date" value={value} onChange={onChange} />
      <Button type="submit" disabled={busy}>
        Filter
      </Button>
    </form>
  );
}
