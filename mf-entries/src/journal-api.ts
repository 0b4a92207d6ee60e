// The journal's calls: a page of entries, the totals of what matches, the CSV of it, reversing
// an entry, and the "books closed through" day.
import type {
  BooksClosed,
  JournalPage,
  JournalQuery,
  JournalTotals,
  ReverseResponse,
} from 'contract';
import { api } from 'shared-ui';

export type JournalFilterValues = Omit<JournalQuery, 'limit' | 'after'>;

const failure = (what: string) => ({ failure: `Failed to ${what}`, error: `Error ${what}` });
const loading = failure('loading the journal');

/** The query string of the filters that are set (empty ones are left out). */
export function filterQuery(filters: JournalFilterValues, extra: Record<string, string> = {}) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...filters, ...extra }))
    if (value !== undefined && value !== '') params.set(name, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const fetchJournalPage = (filters: JournalFilterValues, limit: number, after?: string) =>
  api.get<JournalPage>(
    `/journal${filterQuery(filters, { limit: String(limit), ...(after ? { after } : {}) })}`,
    loading,
  );

export const fetchJournalTotals = (filters: JournalFilterValues) =>
  api.get<JournalTotals>(`/journal/totals${filterQuery(filters)}`, loading);

export const reverseEntry = (id: number, reason: string, idempotencyKey: string) =>
  api.post<ReverseResponse>(`/journal/${id}/reverse`, { reason }, failure('reversing the entry'), {
    headers: { 'Idempotency-Key': idempotencyKey },
  });

export const fetchBooksClosed = () =>
  api.get<BooksClosed>('/journal/closed', failure('loading the books closed through date'));

export const moveBooksClosed = (closedThrough: string | null) =>
  api.put<BooksClosed>(
    '/journal/closed',
    { closedThrough },
    failure('saving the books closed through date'),
  );

/** Downloads the server's CSV of every matching entry (the server streams it). */
export const downloadJournalCsv = (filters: JournalFilterValues) =>
  api.download(
    `/journal/csv${filterQuery(filters)}`,
    'journal.csv',
    failure('downloading the CSV'),
  );
