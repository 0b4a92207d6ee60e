// The calls more than one app makes, written once: the dashboard figures (the shell's Dashboard
// and mf-reports' Totals and Finance screens) and the pickers' parties (entry forms and ledgers).
import { endpoints } from 'contract';
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
}

/** The parties of a list of clients or employees (for `useApiQuery`'s `select`). */
export const partiesOf = ({ users }: { users: ReadonlyArray<Party> }): Party[] =>
  users.map(({ id, name }) => ({ id, name }));

/** The clients or the employees a picker offers. */
export async function fetchParties(
  list: typeof endpoints.listClients | typeof endpoints.listEmployees,
): Promise<Party[]> {
  const { users } = await call(list);
  return users.map(({ id, name }) => ({ id, name }));
}
