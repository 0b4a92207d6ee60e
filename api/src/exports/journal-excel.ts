// The Journal as an Excel file: every entry and voucher that matches the filters, read in keyset
// pages of the JSON call (repositories/journal.ts) and written as they come, then the totals:
// Credit and Debit, and the vouchers' sum apart (a voucher is neither).
import {
  messages,
  personText,
  MoneyTotal,
  type JournalTotalsQuery as JournalQuery,
} from 'contract';
import { journalPage } from '../repositories/journal.js';
import type { SheetCell, SheetColumn } from './excel.js';
import { PAGE, spec, type ExcelExport, type ExportContext } from './documents.js';

const JOURNAL_COLUMNS: SheetColumn[] = [
  { header: 'id', kind: 'count' },
  { header: 'date', kind: 'date' },
  { header: 'kind', kind: 'text', width: 10 },
  { header: 'party', kind: 'text' },
  { header: 'Creditdebit', kind: 'text', width: 12 },
  { header: 'amount', kind: 'money' },
  { header: 'description', kind: 'longText' },
  { header: 'recorded by', kind: 'text', width: 30 },
  { header: 'recorded at', kind: 'timestamp' },
  { header: 'state', kind: 'text', width: 18 },
  { header: 'account', kind: 'text', width: 18 },
];

/** The journal's filters in words: `kind income, from 2026-01-01, text "rent"`. */
export function journalFilterLine(filters: JournalQuery): string {
  const parts: string[] = [];
  if (filters.from) parts.push(`from ${filters.from}`);
  if (filters.to) parts.push(`to ${filters.to}`);
  if (filters.kind) parts.push(`kind ${filters.kind}`);
  if (filters.partyId !== undefined) parts.push(`party #${filters.partyId}`);
  if (filters.Creditdebit) parts.push(filters.Creditdebit);
  if (filters.minAmount !== undefined) parts.push(`amount at least ${filters.minAmount}`);
  if (filters.maxAmount !== undefined) parts.push(`amount at most ${filters.maxAmount}`);
  if (filters.q?.trim()) parts.push(`text "${filters.q.trim()}"`);
  if (filters.accountId !== undefined) parts.push(`account #${filters.accountId}`);
  return `${messages.exportFilters}: ${parts.length ? parts.join(', ') : messages.exportNoFilters}`;
}

export function journalExcel(context: ExportContext, filters: JournalQuery): ExcelExport {
  const credit = new MoneyTotal();
  const debit = new MoneyTotal();
  const vouchers = new MoneyTotal();
  let anyVoucher = false;
  let count = 0;
  const batches = (async function* () {
    // The next page is asked for while this one is written (on PostgreSQL, on another
    // connection of the pool), so the database and the writer work at once.
    const pageAfter = (after?: string) => {
      const asked = journalPage(context.db, filters, PAGE, after);
      // A page still pending when the download is abandoned must not become an unhandled error.
      asked.catch(() => undefined);
      return asked;
    };
    let next = pageAfter();
    for (;;) {
      const page = await next;
      if (page.next) next = pageAfter(page.next);
      count += page.entries.length;
      if (page.entries.length > 0)
        yield page.entries.map((entry): SheetCell[] => {
          // A voucher is neither Credit nor Debit: its sum is a totals row of its own.
          if (entry.kind === 'voucher') anyVoucher = true;
          (entry.Creditdebit === null
            ? vouchers
            : entry.Creditdebit === 'Credit'
              ? credit
              : debit
          ).add(entry.amount);
          const state =
            entry.reversesId !== null
              ? `reverses #${entry.reversesId}`
              : entry.reversedById !== null
                ? `reversed by #${entry.reversedById}`
                : '';
          return [
            entry.id,
            entry.date,
            entry.kind,
            entry.partyName,
            entry.Creditdebit ?? '',
            entry.amount,
            entry.description,
            entry.recordedBy ? personText(entry.recordedBy) : '',
            entry.recordedAt,
            state,
            entry.accountName ?? '',
          ];
        });
      if (!page.next) return;
    }
  })();
  return {
    spec: spec(context, 'Journal', [journalFilterLine(filters)], JOURNAL_COLUMNS),
    source: {
      batches,
      end: () => ({
        totals: {
          label: messages.exportTotals,
          cells: { 3: `${count} entries`, 4: 'Credit', 5: credit.amount },
        },
        after: [
          { label: '', cells: { 4: 'Debit', 5: debit.amount } },
          ...(anyVoucher ? [{ label: '', cells: { 4: 'Vouchers', 5: vouchers.amount } }] : []),
        ],
      }),
    },
  };
}
