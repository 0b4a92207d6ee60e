// The calls more than one app makes, written once: the dashboard figures (the shell's Dashboard
// and mf-reports' Totals and Finance screens) and the pickers' parties (entry forms and ledgers).
import { endpoints } from 'contract/browser';
import { fillWithCurrentMonth, type DateRange } from '../dates/dates';
import { call } from './api-client';

/** The head-counts of admins, employees and clients. */
export const fetchTotals = () => call(endpoints.getTotals);

/** Income, salary and expense of a range; empty dates mean the current month (docs/product.md#constants). */
export function fetchFinance(range: DateRange) {
  const { from, to } = fillWithCurrentMonth(range);
  return call(endpoints.getFinance, { query: { from, to } });
}

/** Whom a picker offers: a client, an employee or an expense type, by id and name. */
export interface Party {
  id: number;
  name: string;
  /** What the picker shows when it is not the name alone: a client's `Name (Company)`. */
  label?: string;
}

/** What a picker shows for a party. */
export const partyLabel = (party: Party): string => party.label ?? party.name;

/**
 * The collator, made at its first comparison: building one loads the browser's collation data,
 * about 20 ms of the main thread, which every page would pay at start-up (the dashboard after
 * sign-in included) though only the pickers compare.
 */
let collator: Intl.Collator | undefined;
const compareLabels = (a: string, b: string): number =>
  (collator ??= new Intl.Collator(undefined, { sensitivity: 'base', numeric: true })).compare(a, b);

/** Parties by what the picker shows, so that the browser's type-ahead finds them (issue 32). */
export const sortParties = <P extends Party>(parties: readonly P[]): P[] =>
  [...parties].sort((a, b) => compareLabels(partyLabel(a), partyLabel(b)) || a.id - b.id);

/**
 * The parties of a list of clients or employees (for `useApiQuery`'s `select`), by name; a
 * client reads `Name (Company)` (the name alone when the company is of the same name).
 */
export const partiesOf = ({
  users,
}: {
  users: ReadonlyArray<Party & { companyName?: string }>;
}): Party[] =>
  sortParties(
    users.map(({ id, name, companyName }) => {
      const company = companyName?.trim() ?? '';
      // A company of the client's own name says nothing more.
      return company && compareLabels(company, name.trim()) !== 0
        ? { id, name, label: `${name} (${company})` }
        : { id, name };
    }),
  );

/** The clients or the employees a picker offers. */
export async function fetchParties(
  list: typeof endpoints.listClients | typeof endpoints.listEmployees,
): Promise<Party[]> {
  return partiesOf(await call(list));
}
