import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ImportPreview, ImportRecord } from 'contract/browser';
import { axeViolations, endpoints, mockCurrentUser, mockEndpoint } from 'shared-ui/testing';
import {
  CASH,
  answerEachTest,
  mockAccounts,
  openScreenEachTest,
  renderAt,
  optionTexts,
} from '../testing';
import { BatchLine } from '../JournalPage/BatchLine';
import { ImportPage } from './ImportPage';

const PREVIEW: ImportPreview = {
  fileName: 'bank.csv',
  sha256: 'a'.repeat(64),
  format: 'CSV',
  encoding: 'UTF-8 with BOM',
  delimiter: ';',
  sheets: [],
  sheet: null,
  headerLine: 1,
  headers: ['Datum', 'Client', 'Amount', 'Text'],
  mapping: { date: 0, party: 1, amount: 2, description: 3 },
  dateFormat: 'DD/MM/YYYY',
  dateFormats: ['DD/MM/YYYY'],
  numberFormat: '1.234,56',
  numberFormats: ['1.234,56'],
  rows: 4,
  ready: 2,
  withErrors: 2,
  summary: '2 rows ready · 2 rows with errors',
  columns: ['Date', 'Client', 'Credit/Debit', 'Amount', 'Description'],
  first: [{ line: 2, values: ['2025-01-05', 'Acme', 'Credit', '1234.50', 'x'] }],
  problems: [
    { line: 3, reason: 'Unknown client: Nobody', duplicate: false },
    { line: 5, reason: 'Duplicate of line 2', duplicate: true },
  ],
  newParties: ['Nobody'],
  credit: 1234.5,
  debit: 0,
  earlier: null,
};

const RECORD: ImportRecord = {
  id: 7,
  batchId: 12,
  kind: 'income',
  fileName: 'old.csv',
  sha256: 'b'.repeat(64),
  rows: 3,
  credit: 30,
  debit: 0,
  partiesCreated: 0,
  createdBy: { id: 1, name: 'Me', email: 'me@test.local', former: false },
  createdAt: '2025-01-06T10:00:00.000Z',
  reversedAt: null,
  reverseReason: null,
};

const dialogs = openScreenEachTest('staff');
beforeEach(() => {
  mockEndpoint(endpoints.listImports, { imports: [RECORD] });
  mockAccounts();
  mockEndpoint(endpoints.listClients, {
    users: [{ id: 3, name: 'Acme', email: 'a@a.test', companyName: 'A' }],
  });
});
const preview = answerEachTest(endpoints.previewImport, PREVIEW);
const run = answerEachTest(endpoints.runImport, {
  message: 'Import done',
  import: { ...RECORD, id: 8, batchId: 13 },
});
const reverse = answerEachTest(endpoints.reverseBatch, {
  message: 'Batch undone',
  reversed: 3,
  batch: {
    id: 12,
    kind: 'import',
    label: 'Import of old.csv',
    createdBy: null,
    createdAt: RECORD.createdAt,
    entries: 3,
    credit: 30,
    debit: 0,
    reversedAt: '2025-01-07T10:00:00.000Z',
    reversedBy: null,
    reverseReason: 'wrong',
  },
});
afterEach(() => jest.restoreAllMocks());

const renderPage = () => renderAt('/Import', <ImportPage />);

const chooseFile = async () =>
  userEvent.upload(
    await screen.findByLabelText('File'),
    new File(['Datum;Client;Amount;Text\n'], 'bank.csv', { type: 'text/csv' }),
  );

describe('Import', () => {
  it('previews a file: the summary, the first rows, every error with its line, the mapping', async () => {
    renderPage();
    const what = await screen.findByLabelText('What to import');
    expect(optionTexts(what)).toEqual([
      'Income',
      'Expense',
      'Salary',
      'Clients',
      'Employees',
      'Expense types',
    ]);
    expect(screen.getByRole('button', { name: 'Preview' })).toBeDisabled();
    await chooseFile();
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));

    expect(await screen.findByText('2 rows ready · 2 rows with errors')).toBeInTheDocument();
    const errors = screen.getByRole('table', { name: 'Rows with errors' });
    expect(within(errors).getByText('Unknown client: Nobody')).toBeInTheDocument();
    expect(within(errors).getByText('3')).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Rows to import' })).getByText('1234.50'),
    ).toBeInTheDocument();
    // The mapping selects, labelled by field, pre-filled from the headers.
    expect(screen.getByLabelText('Date')).toHaveDisplayValue('Datum');
    expect(screen.getByLabelText('Client')).toHaveDisplayValue('Client');
    expect(screen.getByLabelText('Description')).toHaveDisplayValue('Text');
    expect(screen.getByLabelText('Credit/Debit')).toHaveDisplayValue('(not mapped)');
    expect(screen.getByLabelText('Date format')).toHaveDisplayValue('DD/MM/YYYY');
    // The unknown client: create it, or pick an existing one.
    expect(optionTexts(screen.getByLabelText('Nobody'))).toEqual(['', 'Create', 'Acme (A)']);
    expect(preview.calls).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Import 2 rows' }));
    await waitFor(() => expect(dialogs.alerts).toEqual(['Import done']));
    expect(run.calls).toHaveLength(1);
    expect(await axeViolations()).toEqual([]);
  });

  it('asks again for a preview after a choice changes, before importing', async () => {
    renderPage();
    await chooseFile();
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByText('2 rows ready · 2 rows with errors');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Import anyway: line 5' }));
    expect(screen.queryByRole('button', { name: 'Import 2 rows' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByRole('button', { name: 'Import 2 rows' })).toBeInTheDocument();
  });

  it('asks for the date format when the file leaves it open', async () => {
    preview.answer({ ...PREVIEW, dateFormats: ['DD/MM/YYYY', 'MM/DD/YYYY'] });
    renderPage();
    await chooseFile();
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const format = await screen.findByLabelText('Date format');
    expect(optionTexts(format)).toEqual([
      'The file leaves this open: choose one',
      'DD/MM/YYYY',
      'MM/DD/YYYY',
    ]);
  });

  it('lists past imports and undoes one with a reason', async () => {
    renderPage();
    const past = await screen.findByRole('table', { name: 'Past imports' });
    expect(await within(past).findByText('old.csv')).toBeInTheDocument();
    expect(within(past).getByRole('link', { name: 'Entries' })).toHaveAttribute(
      'href',
      '/Journal?batchId=12',
    );
    await userEvent.click(within(past).getByRole('button', { name: 'Undo import' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Reason for the undo'), 'wrong');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Undo import' }));
    await waitFor(() => expect(dialogs.alerts).toEqual(['Batch undone']));
    expect(reverse.calls[0]).toMatchObject({ params: { id: '12' }, body: { reason: 'wrong' } });
  });
});

describe('the account', () => {
  const sentOptions = (index = 0) => JSON.parse(run.calls[index]!.form!.options!) as object;

  const previewed = async () => {
    renderPage();
    await chooseFile();
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByText('2 rows ready · 2 rows with errors');
  };

  it('preselects the default account after the buttons, and imports into the one chosen', async () => {
    await previewed();
    const account = await screen.findByRole('combobox', { name: 'Account' });
    expect(account).toHaveDisplayValue('Cash');
    expect(optionTexts(account)).toEqual(['Cash', 'Meezan current']);
    const button = screen.getByRole('button', { name: 'Import 2 rows' });
    expect(button.compareDocumentPosition(account) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await userEvent.selectOptions(account, 'Meezan current');
    // The account changes no row of the preview: the import is still offered.
    await userEvent.click(screen.getByRole('button', { name: 'Import 2 rows' }));
    await waitFor(() => expect(dialogs.alerts).toEqual(['Import done']));
    expect(sentOptions()).toMatchObject({ kind: 'income', accountId: 2 });
  });

  it('sends no account when the default one is kept (the server books it there)', async () => {
    await previewed();
    expect(await screen.findByRole('combobox', { name: 'Account' })).toHaveDisplayValue('Cash');
    await userEvent.click(screen.getByRole('button', { name: 'Import 2 rows' }));
    await waitFor(() => expect(dialogs.alerts).toEqual(['Import done']));
    expect(sentOptions()).not.toHaveProperty('accountId');
  });

  it('offers no account while the Cash account is the only one, and sends none', async () => {
    const accounts = mockAccounts([CASH]);
    await previewed();
    expect(accounts.calls.length).toBeGreaterThan(0);
    expect(screen.queryByRole('combobox', { name: 'Account' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Import 2 rows' }));
    await waitFor(() => expect(dialogs.alerts).toEqual(['Import done']));
    expect(sentOptions()).not.toHaveProperty('accountId');
  });

  it('offers no account for clients, employees or expense types', async () => {
    renderPage();
    expect(await screen.findByRole('combobox', { name: 'Account' })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('What to import'), 'Clients');
    expect(screen.queryByRole('combobox', { name: 'Account' })).not.toBeInTheDocument();
  });
});

describe('a viewer', () => {
  it('is told the account only views, and offers no file', async () => {
    mockCurrentUser('viewer');
    renderPage();
    expect(await screen.findByRole('note')).toHaveTextContent(
      'Your account can only view. Files are imported by staff and admins.',
    );
    expect(screen.queryByLabelText('File')).not.toBeInTheDocument();
  });
});

describe('the journal of one import', () => {
  it('names the import and links back to all entries', async () => {
    renderAt('/Journal?batchId=12', <BatchLine />);
    const line = await screen.findByRole('status', { name: 'Batch' });
    await waitFor(() => expect(line).toHaveTextContent('Entries of import #7'));
    expect(within(line).getByRole('link', { name: 'Show all entries' })).toHaveAttribute(
      'href',
      '/Journal',
    );
  });
});
