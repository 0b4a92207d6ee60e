import { useState } from 'react';
import { importMessages, type DateFormat, type NumberFormat } from 'contract/browser';
import { DATE_FORMATS, NUMBER_FORMATS, Select } from 'shared-ui';
import './ColumnMapping.css';

/** A column index for each mapped field; a field left out is not mapped. */
export type ColumnMap<F extends string> = Partial<Record<F, number>>;

/** A date or number format: the one the preview read the file with, and the one chosen. */
export interface FormatChoice<T extends string> {
  /** The format the preview used; null when the file has no such column (no select is shown). */
  used: T | null;
  /** The candidates when the file leaves the format open (two or more); else every format. */
  open?: readonly T[];
  /** The format chosen on the screen; undefined: as the preview read it. */
  chosen: T | undefined;
  onChange: (format: T | undefined) => void;
}

/**
 * One signed amount column, or money out and money in in two columns: the choice shows the
 * fields of one and clears those of the other.
 */
export interface AmountColumns<F extends string> {
  amount: F;
  debit: F;
  credit: F;
}

export interface ColumnMappingProps<F extends string> {
  /** The file's header row: one option per column. */
  headers: readonly string[];
  /** The fields a column maps to, with their labels, in the order shown. */
  fields: ReadonlyArray<{ field: F; label: string }>;
  mapping: ColumnMap<F>;
  onMappingChange: (mapping: ColumnMap<F>) => void;
  /** An Excel file's sheets (a select when there are two or more). */
  sheets?: { all: readonly string[]; current: string | null; onChange: (sheet: string) => void };
  dateFormat?: FormatChoice<DateFormat>;
  numberFormat?: FormatChoice<NumberFormat>;
  amounts?: AmountColumns<F>;
}

const AMOUNT_LAYOUT_LABEL = 'Amounts';
const ONE_COLUMN = 'One signed amount column';
const TWO_COLUMNS = 'Debit and Credit columns';

function FormatSelect<T extends string>({
  label,
  choice,
  all,
}: {
  label: string;
  choice: FormatChoice<T>;
  all: readonly T[];
}) {
  if (choice.used === null) return null;
  const open = (choice.open?.length ?? 0) > 1;
  return (
    <Select
      label={label}
      value={choice.chosen ?? (open ? '' : choice.used)}
      placeholder={open ? importMessages.chooseFormat : undefined}
      options={(open ? choice.open! : all).map((format) => ({ value: format, label: format }))}
      onChange={(value) => choice.onChange(value === '' ? undefined : (value as T))}
    />
  );
}

/**
 * The mapping of a CSV or Excel file's columns, shared by /Import and Import statement: a select
 * per field offering the file's column headers (pre-filled as the preview read them), the sheet
 * of an Excel file, and the date and number formats, with a choice when the file leaves them open.
 */
export function ColumnMapping<F extends string>({
  headers,
  fields,
  mapping,
  onMappingChange,
  sheets,
  dateFormat,
  numberFormat,
  amounts,
}: ColumnMappingProps<F>) {
  const columns = headers.map((header, index) => ({ value: String(index), label: header }));
  // Neither layout mapped yet: the one last chosen (one column at first).
  const [chosenTwo, setChosenTwo] = useState(false);
  const twoColumns =
    amounts !== undefined &&
    mapping[amounts.amount] === undefined &&
    (mapping[amounts.debit] !== undefined || mapping[amounts.credit] !== undefined || chosenTwo);
  const hidden = new Set<F>(
    amounts === undefined ? [] : twoColumns ? [amounts.amount] : [amounts.debit, amounts.credit],
  );
  const setLayout = (two: boolean) => {
    if (!amounts) return;
    setChosenTwo(two);
    const next = { ...mapping };
    for (const field of two ? [amounts.amount] : [amounts.debit, amounts.credit])
      delete next[field];
    onMappingChange(next);
  };
  return (
    <fieldset className="mf-mapping">
      <legend>Mapping</legend>
      {sheets && sheets.all.length > 1 && (
        <Select
          label={importMessages.sheet}
          value={sheets.current ?? ''}
          options={sheets.all.map((sheet) => ({ value: sheet, label: sheet }))}
          onChange={sheets.onChange}
        />
      )}
      {amounts && (
        <Select
          label={AMOUNT_LAYOUT_LABEL}
          value={twoColumns ? 'two' : 'one'}
          options={[
            { value: 'one', label: ONE_COLUMN },
            { value: 'two', label: TWO_COLUMNS },
          ]}
          onChange={(value) => setLayout(value === 'two')}
        />
      )}
      {fields
        .filter(({ field }) => !hidden.has(field))
        .map(({ field, label }) => (
          <Select
            key={field}
            label={label}
            value={mapping[field] === undefined ? '' : String(mapping[field])}
            placeholder={importMessages.notMapped}
            options={columns}
            onChange={(value) => {
              const next = { ...mapping };
              if (value === '') delete next[field];
              else next[field] = Number(value);
              onMappingChange(next);
            }}
          />
        ))}
      {dateFormat && (
        <FormatSelect label={importMessages.dateFormat} choice={dateFormat} all={DATE_FORMATS} />
      )}
      {numberFormat && (
        <FormatSelect
          label={importMessages.numberFormat}
          choice={numberFormat}
          all={NUMBER_FORMATS}
        />
      )}
    </fieldset>
  );
}
