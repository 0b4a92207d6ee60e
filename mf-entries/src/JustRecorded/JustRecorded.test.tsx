// Just recorded on a phone (issue 42): each row is the product's card (shared-ui's Table.css),
// the party at its head with the amount beside it, and every other cell a line named by its
// column, the Account and the Description among them.
import { screen, within } from '@testing-library/react';
import { axeViolations, endpoints, mockCurrentUser, mockEndpoint, render } from 'shared-ui/testing';
import { JustRecorded } from './JustRecorded';

const ROW = {
  id: 12,
  date: '2026-11-20',
  kind: 'expense' as const,
  partyId: 1,
  partyName: 'Rent',
  Creditdebit: 'Credit' as const,
  amount: 12500.5,
  description: 'November rent',
  accountId: 2,
  accountName: 'Meezan current',
  recordedBy: { id: 2, name: 'Staff', email: 's@office.test', former: false },
  recordedAt: '2026-11-20T10:00:00.000Z',
  reversesId: null,
  reversedById: null,
  receipts: 2,
};

beforeEach(() => mockCurrentUser('staff'));

it('shows each entry as a card on a phone, every value with its column’s name', async () => {
  mockEndpoint(endpoints.listJustRecorded, { entries: [ROW] });
  render(<JustRecorded kind="expense" partyLabel="Expense Type" />);
  const section = await screen.findByRole('region', { name: 'Just recorded' });
  await within(section).findByText('#12');
  expect(within(section).getByRole('table')).toHaveClass('ofs-table--cards');
  const cells = within(section).getAllByRole('cell');
  expect(cells.map((cell) => [cell.dataset.label, cell.textContent])).toEqual([
    ['No.', '#12'],
    ['Date', '2026-11-20'],
    ['Expense Type', 'Rent'],
    ['Credit/Debit', 'Credit'],
    ['Amount', 'RS: 12,500.50'],
    ['Account', 'Meezan current'],
    ['Description', 'November rent'],
    ['Receipts', '2'],
    ['Actions', expect.stringContaining('Correct')],
  ]);
  // The labels are the column headers' own words.
  expect(
    within(section)
      .getAllByRole('columnheader')
      .map((header) => header.textContent),
  ).toEqual(cells.map((cell) => cell.dataset.label));
  // The party heads the card, the amount beside it.
  expect(within(section).getByText('Rent')).toHaveClass('ofs-table__card-lead');
  expect(within(section).getByText('RS: 12,500.50')).toHaveClass('ofs-table__card-figure');
  expect(await axeViolations()).toEqual([]);
});
