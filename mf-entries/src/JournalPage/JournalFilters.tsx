import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import {
  AmountField,
  Button,
  DateInput,
  DownloadButton,
  PeriodPresets,
  Select,
  TextField,
  endpoints,
  messages,
} from 'shared-ui';
import type { FilterDraft } from 'shared-ui';
import { useAccountOptions } from '../AccountsPage/useAccountOptions';
import { JOURNAL_KIND_OPTIONS, type PickerOption } from './journal-kinds';
import { isKind, type FilterName } from './useJournal';
import { fieldOf } from '../useDraft';

export interface JournalFiltersProps {
  draft: FilterDraft<FilterName>;
  change: (name: FilterName, also?: Partial<FilterDraft<FilterName>>) => (value: string) => void;
  partyOptions: PickerOption[];
  /** Applies the draft, with the filters `also` sets (a period chosen in one click). */
  onApply: (also?: Partial<FilterDraft<FilterName>>) => void;
  onClear: () => void;
  onDownload: () => void;
  /** The filters applied (the address's), which Download Excel asks the server's file for. */
  applied: object;
  /** How many filters are applied: the Filters button says so. */
  activeCount: number;
}

/** The Filters button's text: `Filters`, or `Filters (2)` with two applied. */
export const filtersButtonText = (active: number) =>
  active > 0 ? `Filters (${active})` : 'Filters';

/**
 * The journal's filters, folded behind a Filters button that counts the applied ones, beside
 * Download CSV and Excel; unfolded: the form, with periods in one click, Apply and Clear filters.
 */
export function JournalFilters({
  draft,
  change,
  partyOptions,
  onApply,
  onClear,
  onDownload,
  applied,
  activeCount,
}: JournalFiltersProps) {
  const [open, setOpen] = useState(false);
  const accounts = useAccountOptions();
  const formId = useId();
  const field = fieldOf(draft, change);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply();
  };
  return (
    <>
      <div className="mf-journal__toolbar">
        <Button
          variant="secondary"
          aria-expanded={open}
          aria-controls={formId}
          onClick={() => setOpen(!open)}
        >
          {filtersButtonText(activeCount)}
        </Button>
        <Button variant="secondary" onClick={onDownload}>
          Download CSV
        </Button>
        <DownloadButton
          endpoint={endpoints.journalExcel}
          input={{ query: applied }}
          label={messages.downloadExcel}
        />
      </div>
      <form
        id={formId}
        className="ofs-card mf-journal__filters"
        onSubmit={submit}
        aria-label="Filters"
        hidden={!open}
      >
        <DateInput label="From" {...field('from')} />
        <DateInput label="To" {...field('to')} />
        <PeriodPresets
          range={{ from: draft.from, to: draft.to }}
          onPick={(range) => onApply(range)}
        />
        <Select
          label="Kind"
          name="kind"
          value={draft.kind}
          // A party belongs to one kind.
          onChange={change('kind', { partyId: '' })}
          placeholder="All kinds"
          options={JOURNAL_KIND_OPTIONS}
        />
        <Select
          label="Party"
          {...field('partyId')}
          placeholder={
            isKind(draft.kind)
              ? 'All parties'
              : draft.kind === 'voucher'
                ? 'A voucher has no party'
                : 'Choose a kind first'
          }
          options={partyOptions}
          disabled={!isKind(draft.kind)}
        />
        <Select
          label="Credit/Debit"
          {...field('Creditdebit')}
          placeholder="Credit and Debit"
          options={[
            { value: 'Credit', label: 'Credit' },
            { value: 'Debit', label: 'Debit' },
          ]}
        />
        <Select
          label="Account"
          name="accountId"
          value={draft.accountId}
          // The money an account received or paid: its Credit entries (an invoice has none).
          onChange={change('accountId')}
          placeholder="All accounts"
          options={accounts.options}
        />
        <AmountField label="Amount from" {...field('minAmount')} />
        <AmountField label="Amount to" {...field('maxAmount')} />
        <TextField
          label="Text in description or party"
          type="search"
          maxLength={100}
          {...field('q')}
        />
        <Select
          label={messages.receipt}
          {...field('receipt')}
          placeholder={messages.receiptAny}
          options={[
            { value: 'with', label: messages.withReceipt },
            { value: 'without', label: messages.withoutReceipt },
          ]}
        />
        <div className="mf-journal__buttons">
          <Button type="submit">Apply filters</Button>
          <Button variant="secondary" onClick={onClear}>
            Clear filters
          </Button>
        </div>
      </form>
    </>
  );
}
