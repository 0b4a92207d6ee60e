import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { JournalRow, Receipt } from 'contract/browser';
import { axeViolations, endpoints, mockCurrentUser, mockEndpoint } from 'shared-ui/testing';
import {
  CASH,
  mockAccounts,
  mockOpenBooks,
  openScreenEachTest,
  renderAt,
  shownAddress,
} from '../testing';
import { ExpensePage } from '../ExpensePage/ExpensePage';
import { JournalPage } from '../JournalPage';

const row = (id: number, receipts: number): JournalRow => ({
  id,
  date: '2025-05-10',
  kind: 'expense',
  partyId: 1,
  partyName: 'Rent',
  Creditdebit: 'Credit',
  amount: 40,
  description: `Entry ${id}`,
  recordedBy: null,
  recordedAt: '2025-05-10T09:30:00.000Z',
  reversesId: null,
  reversedById: null,
  receipts,
});

const receipt = (id: number, fileName: string, mediaType: Receipt['mediaType']): Receipt => ({
  id,
  entryId: 7,
  fileName,
  mediaType,
  bytes: 100,
  addedBy: null,
  addedAt: '2025-05-10T09:30:00.000Z',
  url: `/api/receipts/${id}/file?session=1&expires=9&sig=${'a'.repeat(64)}`,
  downloadUrl: `/api/receipts/${id}/file?session=1&expires=9&sig=${'b'.repeat(64)}&download=1`,
});

const dialogs = openScreenEachTest('staff');
beforeEach(() => {
  mockEndpoint(endpoints.getJournalTotals, { count: 2, credit: 80, debit: 0 });
  mockOpenBooks();
  // The forms offer the money accounts (issue 33).
  mockAccounts([CASH]);
  mockEndpoint(endpoints.listJournal, { entries: [row(7, 2), row(6, 0)], next: null });
  mockEndpoint(endpoints.listClients, { users: [] });
  mockEndpoint(endpoints.listEmployees, { users: [] });
  mockEndpoint(endpoints.listExpenseTypesForEntries, {
    users: [{ id: 1, expancetype: 'Rent', status: 'Active' }],
  });
  mockEndpoint(endpoints.getExpenseTypeBudget, {
    expenseTypeId: 1,
    month: '2026-05',
    budget: null,
    actual: 0,
    percentUsed: null,
    overBudget: false,
  });
  mockEndpoint(endpoints.listReceipts, {
    receipts: [receipt(1, 'bill.pdf', 'application/pdf'), receipt(2, 'photo.png', 'image/png')],
  });
});
afterEach(() => jest.restoreAllMocks());

const renderJournal = (path = '/Journal') =>
  renderAt(path, <JournalPage />, { route: '/Journal', address: true });

describe('Receipts in the Journal', () => {
  it('should show a Receipt link with the count and open the files in place', async () => {
    renderJournal();
    const table = await screen.findByRole('table', { name: 'Journal' });
    const link = await within(table).findByRole('button', { name: 'Receipt (2) of entry #7' });
    expect(link).toHaveTextContent('Receipt (2)');
    // Every row a writer sees can take a receipt; the row without one has no link.
    expect(screen.getAllByRole('button', { name: /^Attach receipt to entry/ })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /of entry #6$/ })).not.toBeInTheDocument();

    await userEvent.click(link);
    const dialog = await screen.findByRole('dialog');
    const frame = await within(dialog).findByTitle('bill.pdf');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', receipt(1, 'bill.pdf', 'application/pdf').url);
    expect(within(dialog).getByRole('link', { name: 'Download' })).toHaveAttribute(
      'href',
      receipt(1, 'bill.pdf', 'application/pdf').downloadUrl,
    );
    await userEvent.click(within(dialog).getByRole('button', { name: /photo\.png/ }));
    expect(within(dialog).getByRole('img', { name: 'photo.png' })).toHaveAttribute(
      'src',
      receipt(2, 'photo.png', 'image/png').url,
    );
    expect(await axeViolations()).toEqual([]);
  });

  it('should keep the Receipt filter in the address', async () => {
    renderJournal();
    await screen.findByRole('table', { name: 'Journal' });
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const filter = screen.getByLabelText('Receipt');
    expect(within(filter).getByRole('option', { name: 'Any' })).toBeInTheDocument();
    await userEvent.selectOptions(filter, 'Without receipt');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(shownAddress()).toContain('receipt=without'));
  });

  it('should offer no Attach receipt to a viewer', async () => {
    mockCurrentUser('viewer');
    renderJournal();
    await screen.findByRole('button', { name: 'Receipt (2) of entry #7' });
    expect(screen.queryByRole('button', { name: /^Attach receipt/ })).not.toBeInTheDocument();
  });
});

/** The answer of an expense recorded with its files. */
const RECORDED_WITH_FILES = {
  message: 'Expense Added Successfully',
  entry: {
    id: 9,
    kind: 'expense' as const,
    partyId: 1,
    partyName: 'Rent',
    Creditdebit: 'Credit' as const,
    amount: 40,
    description: '',
    date: '2025-05-10',
    createdAt: '2025-05-10T09:30:00.000Z',
    reversesId: null,
  },
  receipts: [],
};

describe('Receipt on the entry forms', () => {
  it('should record the entry and its files in one upload', async () => {
    const withFiles = mockEndpoint(endpoints.addEntryWithReceipts, RECORDED_WITH_FILES);
    const plain = mockEndpoint(endpoints.addExpense, { message: 'x', entry: undefined as never });
    mockEndpoint(endpoints.getPreferences, { confirmWithNotice: false });
    mockEndpoint(endpoints.listJustRecorded, { entries: [] });
    renderAt('/', <ExpensePage />);
    const input = await screen.findByLabelText('Receipt');
    expect(input).toHaveAttribute('multiple');
    await userEvent.selectOptions(await screen.findByLabelText(/Expense Type/i), 'Rent');
    await userEvent.selectOptions(screen.getByLabelText('Credit/Debit'), 'Credit');
    await userEvent.type(screen.getByLabelText('Amount'), '40');
    await userEvent.upload(input, [
      new File(['%PDF-1.4'], 'bill.pdf', { type: 'application/pdf' }),
      new File(['png'], 'photo.png', { type: 'image/png' }),
    ]);
    await userEvent.click(screen.getByRole('button', { name: /Add Expense|Expances/i }));
    await waitFor(() => expect(withFiles.calls).toHaveLength(1));
    expect(plain.calls).toHaveLength(0);
    expect(dialogs.alerts).toContain('Expense Added Successfully');
    // Focus is back on the first field after a save with receipts too.
    expect(screen.getByLabelText(/Expense Type/i)).toHaveFocus();
  });

  it('should offer the camera for a photo beside the file input, which keeps PDFs possible', async () => {
    mockEndpoint(endpoints.getPreferences, { confirmWithNotice: false });
    mockEndpoint(endpoints.listJustRecorded, { entries: [] });
    const withFiles = mockEndpoint(endpoints.addEntryWithReceipts, RECORDED_WITH_FILES);
    const sent = jest.spyOn(globalThis, 'fetch');
    renderAt('/', <ExpensePage />);
    const files = await screen.findByLabelText('Receipt');
    expect(files).not.toHaveAttribute('capture');
    expect(files.getAttribute('accept')).toContain('.pdf');
    const camera = screen.getByLabelText('Take a photo');
    expect(camera).toHaveAttribute('capture', 'environment');
    expect(camera).toHaveAttribute('accept', 'image/*');
    await userEvent.selectOptions(await screen.findByLabelText(/Expense Type/i), 'Rent');
    await userEvent.type(screen.getByLabelText('Amount'), '40');
    await userEvent.upload(files, [
      new File(['%PDF-1.4'], 'bill.pdf', { type: 'application/pdf' }),
    ]);
    await userEvent.upload(camera, [new File(['jpg'], 'shot.jpg', { type: 'image/jpeg' })]);
    await userEvent.click(screen.getByRole('button', { name: 'Add Expense' }));
    await waitFor(() => expect(withFiles.calls).toHaveLength(1));
    const form = sent.mock.calls
      .map(([, init]) => init?.body)
      .find((body): body is FormData => body instanceof FormData);
    const names = form?.getAll('receipt').map((file) => (file as File).name);
    expect(names).toEqual(['bill.pdf', 'shot.jpg']);
    sent.mockRestore();
  });
});
