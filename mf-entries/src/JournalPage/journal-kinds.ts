// What the journal shows of each kind of row: the labels of what its Kind filter offers,
// vouchers with the entries (each entry kind's own label is in entry-kinds), whether a row is an
// entry, and whether it was reversed.
import type {
  EntryKind,
  JournalEntryRow,
  JournalKind as RowKind,
  JournalRow,
} from 'contract/browser';
import { ENTRY_KINDS } from 'shared-ui';
import { KINDS, type PickerOption } from '../entry-kinds';

export { KINDS, type PickerOption };

/** The label of each kind of journal row: the entries' kinds and the general ledger's vouchers. */
export const KIND_LABELS: Record<RowKind, string> = {
  ...(Object.fromEntries(ENTRY_KINDS.map((kind) => [kind, KINDS[kind].label])) as Record<
    EntryKind,
    string
  >),
  voucher: 'Voucher',
};

/** The Kind filter's options, in the order of the contract's lists. */
export const JOURNAL_KIND_OPTIONS: PickerOption[] = ([...ENTRY_KINDS, 'voucher'] as RowKind[]).map(
  (kind) => ({ value: kind, label: KIND_LABELS[kind] }),
);

/** Whether a journal row is an entry (not a voucher): what a receipt, Reverse or Correct is for. */
export const isEntryRow = (row: JournalRow): row is JournalEntryRow => row.kind !== 'voucher';

/** Whether an entry was reversed or is a reversal, in words. */
export const stateOf = (row: JournalRow) =>
  row.reversesId
    ? `reverses #${row.reversesId}`
    : row.reversedById
      ? `reversed by #${row.reversedById}`
      : '';
