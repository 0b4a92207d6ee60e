// The reconcile screen's component tests' shared parts: a statement line with defaults, the page
// rendered at its route, and a row found by its line's description.
import { screen, waitFor, within } from '@testing-library/react';
import type { StatementLine } from 'contract/browser';
import { ledgerAccount } from 'shared-ui/testing';
import { renderAt } from '../testing';
import { ReconcilePage } from './ReconcilePage';

export const line = (id: number, fields: Partial<StatementLine>): StatementLine => ({
  id,
  date: '2026-10-03',
  amount: -1200,
  description: 'RENT OCTOBER',
  reference: `REF${id}`,
  bankBalance: null,
  status: 'unmatched',
  entryIds: [],
  transferIds: [],
  excludedReason: null,
  reconciled: false,
  suggestions: [],
  proposal: null,
  ...fields,
});

/**
 * Ledger accounts of the chart: a heading (Salaries), the bank's own account (its movements come
 * from its statement lines) and two a line can be booked to.
 */
export const LEDGER = {
  salaries: ledgerAccount(8, '5000', 'Salaries', 'Expense', { bookable: false }),
  bank: ledgerAccount(11, '1002', 'Meezan current', 'Asset', {
    origin: 'money account',
    bookable: false,
  }),
  bankCharges: ledgerAccount(9, '5100', 'Bank charges', 'Expense'),
  bankProfit: ledgerAccount(10, '4100', 'Bank profit', 'Income'),
};

export const renderPage = () =>
  renderAt('/Accounts/2/reconcile', <ReconcilePage />, { route: '/Accounts/:id/reconcile' });

/** The row of the line whose description is `text`. */
export const rowOf = async (text: string) =>
  (
    await within(await screen.findByRole('list', { name: 'Statement lines' })).findByText(text)
  ).closest('li')!;

/** The screen's polite live region. */
export const liveRegion = () => screen.getByRole('status');

/** Waits for the live region to say `text`. */
export const expectSaid = (text: string | RegExp) =>
  waitFor(() => expect(liveRegion()).toHaveTextContent(text));
