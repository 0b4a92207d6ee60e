// Compare with (issue 34): None, Previous period, Same period last year. The report calls take
// `compare=previous|lastYear`; each compared figure then comes with the other period's figure,
// the change and the change in percent (blank where the other is zero).
import type { ReactNode } from 'react';
import type { Change, CompareChoice } from 'contract/browser';
import {
  AppLink,
  Select,
  addressQuery,
  formatMoney,
  replaceAddressQuery,
  sumMoney,
  toCents,
} from 'shared-ui';
import type { CellValue, DateRange } from 'shared-ui';
import type { ReportColumn } from '../ReportTable';
import { FilterBar } from '../FilterBar';
import type { FilterControls } from '../FilteredReport';
import { datesOf } from '../links';
import type { AddressParams } from '../links';

/** A comparison chosen; absent or `none`: the report as the spec has it. */
export type Compared = Exclude<CompareChoice, 'none'>;

export const COMPARE_LABELS: Record<CompareChoice, string> = {
  none: 'None',
  previous: 'Previous period',
  lastYear: 'Same period last year',
};

/** The comparison of an address or a picker: undefined for none. */
export const comparedOf = (choice: CompareChoice | undefined): Compared | undefined =>
  choice === 'previous' || choice === 'lastYear' ? choice : undefined;

export interface CompareSelectProps {
  value: Compared | undefined;
  onChange: (value: Compared | undefined) => void;
}

/** The Compare with picker of a report's filters. */
export function CompareSelect({ value, onChange }: CompareSelectProps) {
  return (
    <Select
      label="Compare with"
      name="compare"
      value={value ?? 'none'}
      onChange={(choice) => onChange(comparedOf(choice as CompareChoice))}
      options={(['none', 'previous', 'lastYear'] as const).map((choice) => ({
        value: choice,
        label: COMPARE_LABELS[choice],
      }))}
    />
  );
}

/** The percent of a change, 2 decimals; blank where the other figure is zero. */
export const percentText = (percent: number | null): CellValue =>
  percent === null ? null : percent.toFixed(2);

/**
 * The three columns a compared figure adds: the other period's figure (a link to its entries
 * where `otherHref` gives one), the change and the change in percent.
 */
export function changeColumns<Row>(
  compared: Compared,
  changeOf: (row: Row) => Change | undefined,
  otherHref?: (row: Row) => string | undefined,
  /** The figure's name, where a row compares more than one ("Income"). */
  figure?: { key: string; name: string },
): Array<ReportColumn<Row>> {
  const label = COMPARE_LABELS[compared];
  const key = (name: string) => (figure ? `${figure.key}-${name}` : name);
  const header = (text: string) => (figure ? `${figure.name}: ${text}` : text);
  return [
    {
      key: key('other'),
      header: header(label),
      kind: 'money',
      value: (row) => changeOf(row)?.other ?? 0,
      render: (row) => {
        const figure = formatMoney(changeOf(row)?.other ?? 0);
        const to = otherHref?.(row);
        return to ? <AppLink to={to}>{figure}</AppLink> : figure;
      },
      total: 'sum',
    },
    {
      key: key('change'),
      header: header('Change'),
      kind: 'money',
      value: (row) => changeOf(row)?.change ?? 0,
      total: 'sum',
    },
    {
      key: key('percent'),
      header: header('Change %'),
      kind: 'count',
      value: (row) => percentText(changeOf(row)?.percent ?? null),
      total: (rows) => {
        const other = toCents(sumMoney(rows.map((row) => changeOf(row)?.other ?? 0))) ?? 0n;
        const change = toCents(sumMoney(rows.map((row) => changeOf(row)?.change ?? 0))) ?? 0n;
        if (other === 0n) return null;
        return (Math.round((Number(change) / Number(other)) * 10000) / 100).toFixed(2);
      },
    },
  ];
}

/** A dated report's parameters: its dates and what they are compared with. */
export type ComparedRange = DateRange & { compare?: Compared };

/** The dated reports whose address carries `compare`. */
export type ComparedScreen =
  | 'financeReport'
  | 'expenseVsTypeReport'
  | 'employeesVsSalaryReport'
  | 'incomeReport';

/** startDate/endDate and compare in the address of a compared report. */
export const comparedAddress = (screen: ComparedScreen): AddressParams<ComparedRange> => ({
  read: () => {
    const query = addressQuery(screen);
    const compare = comparedOf(query.compare);
    const range = datesOf(query);
    if (!range && !compare) return undefined;
    return { ...(range ?? { from: '', to: '' }), compare };
  },
  write: (params) =>
    replaceAddressQuery(screen, {
      startDate: params.from,
      endDate: params.to,
      compare: params.compare,
    }),
});

/** Compare with, Start/End Date and Filter, as a `filters` of FilteredReport. */
export function comparedDateFilters({
  params,
  setParams,
  apply,
  busy,
}: FilterControls<ComparedRange>): ReactNode {
  return (
    <FilterBar
      range={params}
      onRangeChange={(range) => setParams({ ...params, from: range.from, to: range.to })}
      submitLabel="Filter"
      onSubmit={(period) => apply(period ? { ...params, ...period } : params)}
      busy={busy}
    >
      <CompareSelect
        value={params.compare}
        onChange={(compare) => setParams({ ...params, compare })}
      />
    </FilterBar>
  );
}
