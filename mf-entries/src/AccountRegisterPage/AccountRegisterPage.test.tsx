import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import {
  accountMessages,
  importMessages,
  type RegisterPage,
  type StatementImportList,
  type StatementPreview,
} from 'contract';
import {
  axeViolations,
  collectDialogs,
  endpoints,
  failWith,
  mockCurrentUser,
  mockEndpoint,
  render,
  type Dialogs,
  type MockedEndpoint,
} from 'shared-ui/testing';
import { BANK } from '../AccountsPage/fixtures';
import { AccountRegisterPage } from './AccountRegisterPage';

const PAGE: RegisterPage = {
  account: BANK,
  balance: 98765.43,
  rows: [
    {
      source: 'transfer',
      id: 9,
      date: '2026-10-05',
      kind: null,
      name: 'Cash',
      description: 'Cash deposited',
      amount: 500,
      balance: 98765.43,
      reconciled: false,
      matched: false,
    },
    {
      source: 'entry',
      id: 41,
      date: '2026-09-28',
      kind: 'expense',
      name: 'Rent',
      description: 'September rent',
      amount: -1200,
      balance: 98265.43,
      reconciled: true,
      matched: true,
    },
  ],
  next: 'cmVnaXN0ZXI6NDE',
};

const IMPORTED = {
  message: 'Statement imported',
  importId: 3,
  format: 'csv' as const,
  state: 'done' as const,
  lines: 20,
  added: 18,
  known: 2,
  openingBalance: 1000,
  closingBalance: 2500,
  chainBreak: { line: 7, expected: 1450, given: 1405 },
};

/** A CSV statement with one signed amount column, as the preview reads it. */
const CSV_PREVIEW: StatementPreview = {
  format: 'csv',
  headers: ['Datum', 'Text', 'Ref', 'Paid out', 'Paid in', 'Betrag', 'Saldo'],
  sheets: [],
  sheet: null,
  mapping: { date: 0, description: 1, reference: 2, amount: 5, balance: 6 },
  dateFormat: 'DD.MM.YYYY',
  numberFormat: '1.234,56',
  problem: null,
  lines: 3,
  added: 2,
  known: 1,
  openingBalance: null,
  closingBalance: null,
  chainBreak: null,
  first: [
    {
      line: 2,
      date: '2026-10-01',
      amount: 1250.5,
      description: 'Acme payment',
      reference: 'R1',
      balance: 1250.5,
      known: true,
    },
    {
      line: 3,
      date: '2026-10-02',
      amount: -10,
      description: 'Bank charge',
      reference: 'R2',
      balance: 1240.5,
      known: false,
    },
  ],
};

const csvFile = () =>
  new File(['Datum;Text;Ref;Paid out;Paid in;Betrag;Saldo\n'], 'october.csv', {
    type: 'text/csv',
  });

/** The multipart `options` a preview or an import was sent with. */
const optionsOf = (call: { form: Record<string, string> | undefined }) =>
  JSON.parse(call.form!.options!) as unknown;

let dialogs: Dialogs;
let register: MockedEndpoint<typeof endpoints.getRegister>;
let statements: MockedEndpoint<typeof endpoints.listStatements>;

const IMPORTS: StatementImportList = {
  imports: [
    {
      id: 7,
      fileName: 'october.csv',
      format: 'csv',
      added: 18,
      known: 2,
      state: 'done',
      lines: 20,
      linesDone: 20,
      chainBreak: null,
      createdAt: '2026-11-02T09:15:00.000Z',
      undoneAt: null,
    },
    {
      id: 6,
      fileName: 'september.ofx',
      format: 'ofx',
      added: 1,
      known: 0,
      state: 'done',
      lines: 1,
      linesDone: 1,
      chainBreak: null,
      createdAt: '2026-10-01T08:00:00.000Z',
      undoneAt: '2026-10-01T08:05:00.000Z',
    },
  ],
};

beforeEach(() => {
  dialogs = collectDialogs();
  register = mockEndpoint(endpoints.getRegister, PAGE);
  statements = mockEndpoint(endpoints.listStatements, IMPORTS);
});

const renderPage = (path = '/Accounts/2') =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/Accounts/:id" element={<AccountRegisterPage />} />
      </Routes>
    </MemoryRouter>,
  );

describe('AccountRegisterPage', () => {
  it('should show the balance today, the reconciled-through day and each movement with its running balance', async () => {
    mockCurrentUser('staff');
    renderPage();
    expect(
      await screen.findByRole('heading', { name: 'Meezan current', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByText('RS: 98,765.43')).toBeInTheDocument();
    expect(screen.getByText('2026-09-30')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Register' });
    const rent = within(table).getByText('September rent').closest('tr')!;
    expect(rent).toHaveTextContent('Expense');
    expect(rent).toHaveTextContent('-1,200.00');
    expect(rent).toHaveTextContent('98,265.43');
    expect(rent).toHaveTextContent('Reconciled');
    const deposit = within(table).getByText('Cash deposited').closest('tr')!;
    expect(deposit).toHaveTextContent('Transfer');
    expect(screen.getByRole('link', { name: 'Reconcile' })).toHaveAttribute(
      'href',
      '/Accounts/2/reconcile',
    );
    expect(register.calls.map((call) => [call.params, call.query])).toEqual([
      [{ id: '2' }, { limit: '50' }],
    ]);
    expect(await axeViolations()).toEqual([]);
  });

  it('should page on as the journal does', async () => {
    mockCurrentUser('staff');
    renderPage();
    await screen.findByText('September rent');
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() =>
      expect(register.calls.map((call) => call.query)).toEqual([
        { limit: '50' },
        { limit: '50', after: 'cmVnaXN0ZXI6NDE' },
      ]),
    );
    expect(screen.getByRole('button', { name: 'First page' })).toBeEnabled();
  });

  it('should reverse a transfer with a reason', async () => {
    mockCurrentUser('staff');
    const reverse = mockEndpoint(endpoints.reverseTransfer, {
      message: 'Transfer reversed',
      transfer: {
        id: 10,
        fromAccountId: 1,
        toAccountId: 2,
        amount: -500,
        date: '2026-10-05',
        description: 'Cash deposited',
        reversesId: 9,
        createdAt: '2026-10-06T10:00:00.000Z',
      },
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Reverse transfer #9' }));
    const dialog = screen.getByRole('dialog', { name: 'Reverse transfer #9' });
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Deposited twice');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reverse' }));
    await waitFor(() => expect(dialogs.alerts).toEqual(['Transfer reversed']));
    expect(reverse.calls.map((call) => [call.params, call.body])).toEqual([
      [{ id: '9' }, { reason: 'Deposited twice' }],
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('should import a statement and tell the lines added, those already imported and a broken chain', async () => {
    mockCurrentUser('staff');
    mockEndpoint(endpoints.previewStatement, CSV_PREVIEW);
    const imported = mockEndpoint(endpoints.importStatement, IMPORTED);
    renderPage();
    const form = await screen.findByRole('form', { name: 'Import statement' });
    await userEvent.upload(within(form).getByLabelText('File'), csvFile());
    await within(form).findByRole('table', { name: 'Lines to import' });
    await userEvent.click(within(form).getByRole('button', { name: 'Import statement' }));
    await waitFor(() => expect(dialogs.alerts).toEqual(['Statement imported']));
    const status = screen.getByRole('status', { name: 'Statement imported' });
    expect(status).toHaveTextContent('18 lines added, 2 already imported');
    expect(status).toHaveTextContent(
      'The balances do not chain at line 7: RS: 1,450.00 expected, the statement gives RS: 1,405.00',
    );
    expect(imported.calls).toHaveLength(1);
    expect(imported.calls[0]!.params).toEqual({ id: '2' });
    // Imported as previewed: the columns the preview read the file with.
    expect(optionsOf(imported.calls[0]!)).toEqual({ mapping: CSV_PREVIEW.mapping });
    // The file is cleared, and its preview with it.
    expect(within(form).queryByRole('table', { name: 'Lines to import' })).not.toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Import statement' })).toBeDisabled();
  });

  it('should show a large statement being written after its answer, then its counts once the list shows it done', async () => {
    mockCurrentUser('staff');
    mockEndpoint(endpoints.previewStatement, CSV_PREVIEW);
    mockEndpoint(endpoints.importStatement, {
      ...IMPORTED,
      message: accountMessages.statementImporting,
      importId: 8,
      state: 'importing',
      lines: 4321,
      added: 0,
      known: 0,
    });
    const row = {
      ...IMPORTS.imports[0]!,
      id: 8,
      fileName: 'year.csv',
      state: 'importing' as const,
      lines: 4321,
      linesDone: 1500,
      added: 1490,
      known: 10,
    };
    statements.answer({ imports: [row, ...IMPORTS.imports] });
    renderPage();
    const form = await screen.findByRole('form', { name: 'Import statement' });
    await userEvent.upload(within(form).getByLabelText('File'), csvFile());
    await within(form).findByRole('table', { name: 'Lines to import' });
    await userEvent.click(within(form).getByRole('button', { name: 'Import statement' }));
    expect(
      await within(form).findByRole('status', { name: 'Statement importing' }),
    ).toHaveTextContent('Importing the statement: 1500 of 4321 lines written');
    expect(dialogs.alerts).toEqual([accountMessages.statementImporting]);
    const imports = screen.getByRole('table', { name: 'Statement imports' });
    expect(within(imports).getByText('Importing: 1500 of 4321 lines written')).toBeInTheDocument();
    // No undo while its lines are being written.
    expect(
      within(imports).queryByRole('button', { name: `${importMessages.undoImport} #8` }),
    ).not.toBeInTheDocument();

    statements.answer({
      imports: [
        { ...row, state: 'done', linesDone: 4321, added: 4300, known: 21 },
        ...IMPORTS.imports,
      ],
    });
    const done = await within(form).findByRole(
      'status',
      { name: 'Statement imported' },
      { timeout: 5000 },
    );
    expect(done).toHaveTextContent('4300 lines added, 21 already imported');
    expect(dialogs.alerts).toEqual([
      accountMessages.statementImporting,
      accountMessages.statementImported,
    ]);
    expect(
      within(form).queryByRole('status', { name: 'Statement importing' }),
    ).not.toBeInTheDocument();
    expect(within(imports).getByText('4300 lines added, 21 already imported')).toBeInTheDocument();
  });

  it('should preview a CSV statement once chosen: the columns read, the formats and the first lines signed', async () => {
    mockCurrentUser('staff');
    const preview = mockEndpoint(endpoints.previewStatement, CSV_PREVIEW);
    const imported = mockEndpoint(endpoints.importStatement, IMPORTED);
    renderPage();
    const form = await screen.findByRole('form', { name: 'Import statement' });
    expect(within(form).getByRole('button', { name: 'Import statement' })).toBeDisabled();
    await userEvent.upload(within(form).getByLabelText('File'), csvFile());
    const table = await within(form).findByRole('table', { name: 'Lines to import' });
    expect(preview.calls.map((call) => [call.params, optionsOf(call)])).toEqual([
      [{ id: '2' }, {}],
    ]);
    // The columns as detected, each to change.
    const mapping = within(form).getByRole('group', { name: 'Mapping' });
    expect(within(mapping).getByLabelText('Date')).toHaveDisplayValue('Datum');
    expect(within(mapping).getByLabelText('Description')).toHaveDisplayValue('Text');
    expect(within(mapping).getByLabelText('Reference')).toHaveDisplayValue('Ref');
    expect(within(mapping).getByLabelText('Amounts')).toHaveDisplayValue(
      'One signed amount column',
    );
    expect(within(mapping).getByLabelText('Amount')).toHaveDisplayValue('Betrag');
    expect(within(mapping).getByLabelText('Balance')).toHaveDisplayValue('Saldo');
    expect(within(mapping).queryByLabelText('Debit (money out)')).not.toBeInTheDocument();
    expect(within(mapping).getByLabelText('Date format')).toHaveDisplayValue('DD.MM.YYYY');
    expect(within(mapping).getByLabelText('Number format')).toHaveDisplayValue('1.234,56');
    // The lines as they would be imported: dates read, money out negative, known ones marked.
    expect(
      within(form).getByRole('status', { name: 'Statement preview summary' }),
    ).toHaveTextContent('3 lines read: 2 to add, 1 already imported');
    expect(within(form).getByText('The first 2 of 3 lines:')).toBeInTheDocument();
    const charge = within(table).getByText('Bank charge').closest('tr')!;
    expect(charge).toHaveTextContent('2026-10-02');
    expect(charge).toHaveTextContent('-10.00');
    expect(charge).toHaveTextContent('1,240.50');
    expect(within(table).getByText('Acme payment').closest('tr')).toHaveTextContent('Yes');
    expect(within(form).getByRole('button', { name: 'Import statement' })).toBeEnabled();
    expect(imported.calls).toHaveLength(0);
  });

  it('should read the statement again as mapped (Debit and Credit, a date format) and import it so', async () => {
    mockCurrentUser('staff');
    const preview = mockEndpoint(endpoints.previewStatement, CSV_PREVIEW);
    const imported = mockEndpoint(endpoints.importStatement, IMPORTED);
    renderPage();
    const form = await screen.findByRole('form', { name: 'Import statement' });
    await userEvent.upload(within(form).getByLabelText('File'), csvFile());
    const mapping = await within(form).findByRole('group', { name: 'Mapping' });
    // Each change is previewed again, the answer reading the file as sent.
    preview.answer((call) => {
      const sent = optionsOf(call) as StatementPreview;
      return { ...CSV_PREVIEW, mapping: sent.mapping, dateFormat: sent.dateFormat ?? 'DD.MM.YYYY' };
    });
    await userEvent.selectOptions(
      within(mapping).getByLabelText('Amounts'),
      'Debit and Credit columns',
    );
    expect(within(mapping).queryByLabelText('Amount')).not.toBeInTheDocument();
    await userEvent.selectOptions(within(mapping).getByLabelText('Debit (money out)'), 'Paid out');
    await userEvent.selectOptions(within(mapping).getByLabelText('Credit (money in)'), 'Paid in');
    await userEvent.selectOptions(within(mapping).getByLabelText('Balance'), '(not mapped)');
    await userEvent.selectOptions(within(mapping).getByLabelText('Date format'), 'MM/DD/YYYY');
    const expected = {
      mapping: { date: 0, description: 1, reference: 2, debit: 3, credit: 4 },
      dateFormat: 'MM/DD/YYYY',
    };
    await waitFor(() => expect(optionsOf(preview.calls.at(-1)!)).toEqual(expected));
    expect(preview.calls).toHaveLength(6);
    await waitFor(() =>
      expect(within(mapping).getByLabelText('Date format')).toHaveDisplayValue('MM/DD/YYYY'),
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Import statement' }));
    await waitFor(() => expect(dialogs.alerts).toEqual(['Statement imported']));
    expect(optionsOf(imported.calls[0]!)).toEqual(expected);
  });

  it("should offer an Excel statement's sheets and read the one chosen, its columns detected again", async () => {
    mockCurrentUser('staff');
    const preview = mockEndpoint(endpoints.previewStatement, {
      ...CSV_PREVIEW,
      format: 'xlsx',
      sheets: ['Notes', 'Statement'],
      sheet: 'Notes',
    });
    renderPage();
    const form = await screen.findByRole('form', { name: 'Import statement' });
    await userEvent.upload(
      within(form).getByLabelText('File'),
      new File(['xlsx'], 'hbl.xlsx', {
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      }),
    );
    const mapping = await within(form).findByRole('group', { name: 'Mapping' });
    expect(within(mapping).getByLabelText('Sheet')).toHaveDisplayValue('Notes');
    await userEvent.selectOptions(within(mapping).getByLabelText('Sheet'), 'Statement');
    await waitFor(() => expect(optionsOf(preview.calls.at(-1)!)).toEqual({ sheet: 'Statement' }));
  });

  it('should show why the lines cannot be read as mapped, and import only once they can', async () => {
    mockCurrentUser('staff');
    const preview = mockEndpoint(endpoints.previewStatement, {
      ...CSV_PREVIEW,
      headers: ['When', 'What', 'How much'],
      mapping: {},
      dateFormat: null,
      numberFormat: null,
      problem: 'Choose the column that holds the date',
      lines: 0,
      added: 0,
      known: 0,
      first: [],
    });
    const imported = mockEndpoint(endpoints.importStatement, IMPORTED);
    renderPage();
    const form = await screen.findByRole('form', { name: 'Import statement' });
    await userEvent.upload(within(form).getByLabelText('File'), csvFile());
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Choose the column that holds the date',
    );
    expect(within(form).getByRole('button', { name: 'Import statement' })).toBeDisabled();
    const mapping = within(form).getByRole('group', { name: 'Mapping' });
    expect(within(mapping).getByLabelText('Date')).toHaveDisplayValue('(not mapped)');
    preview.answer({ ...CSV_PREVIEW, headers: ['When', 'What', 'How much'], mapping: { date: 0 } });
    await userEvent.selectOptions(within(mapping).getByLabelText('Date'), 'When');
    await within(form).findByRole('table', { name: 'Lines to import' });
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(within(form).getByRole('button', { name: 'Import statement' })).toBeEnabled(),
    );
    expect(optionsOf(preview.calls[1]!)).toEqual({ mapping: { date: 0 } });
    expect(imported.calls).toHaveLength(0);
  });

  it("should show the server's refusal of a file it cannot read, and offer no import", async () => {
    mockCurrentUser('staff');
    mockEndpoint(
      endpoints.previewStatement,
      failWith(400, 'This file is not a bank statement: CSV, Excel, OFX/QFX, CAMT.053 or MT940'),
    );
    const imported = mockEndpoint(endpoints.importStatement, IMPORTED);
    renderPage();
    const form = await screen.findByRole('form', { name: 'Import statement' });
    await userEvent.upload(within(form).getByLabelText('File'), csvFile());
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'This file is not a bank statement: CSV, Excel, OFX/QFX, CAMT.053 or MT940',
    );
    // Said beside the file, not in a pop-up.
    expect(dialogs.alerts).toEqual([]);
    expect(within(form).getByRole('button', { name: 'Import statement' })).toBeDisabled();
    expect(imported.calls).toHaveLength(0);
  });

  it('should preview an OFX statement with no mapping: its lines only', async () => {
    mockCurrentUser('staff');
    const preview = mockEndpoint(endpoints.previewStatement, {
      ...CSV_PREVIEW,
      format: 'ofx',
      headers: [],
      mapping: {},
      dateFormat: null,
      numberFormat: null,
      known: 0,
      added: 2,
      lines: 2,
      openingBalance: 1000,
      closingBalance: 2240.5,
      first: CSV_PREVIEW.first.map((line) => ({ ...line, known: false })),
    });
    const imported = mockEndpoint(endpoints.importStatement, { ...IMPORTED, format: 'ofx' });
    renderPage();
    const form = await screen.findByRole('form', { name: 'Import statement' });
    await userEvent.selectOptions(within(form).getByLabelText('Format'), 'OFX/QFX');
    await userEvent.upload(
      within(form).getByLabelText('File'),
      new File(['OFXHEADER:100'], 'october.ofx', { type: 'application/x-ofx' }),
    );
    const table = await within(form).findByRole('table', { name: 'Lines to import' });
    expect(within(table).getByText('Bank charge').closest('tr')).toHaveTextContent('-10.00');
    expect(within(form).queryByRole('group', { name: 'Mapping' })).not.toBeInTheDocument();
    expect(within(form).queryByLabelText('Date format')).not.toBeInTheDocument();
    expect(
      within(form).getByRole('status', { name: 'Statement preview summary' }),
    ).toHaveTextContent('Opening balance RS: 1,000.00 · Closing balance RS: 2,240.50');
    expect(optionsOf(preview.calls[0]!)).toEqual({ format: 'ofx' });
    await userEvent.click(within(form).getByRole('button', { name: 'Import statement' }));
    await waitFor(() => expect(dialogs.alerts).toEqual(['Statement imported']));
    expect(optionsOf(imported.calls[0]!)).toEqual({ format: 'ofx' });
  });

  it('should list the statement imports, newest first, the undone one marked', async () => {
    mockCurrentUser('staff');
    renderPage();
    const table = await screen.findByRole('table', { name: 'Statement imports' });
    const october = (await within(table).findByText('october.csv')).closest('tr')!;
    expect(october).toHaveTextContent('CSV');
    expect(october).toHaveTextContent('18 lines added, 2 already imported');
    expect(october).toHaveTextContent('2026-11-02 09:15');
    const september = within(table).getByText('september.ofx').closest('tr')!;
    expect(september).toHaveTextContent('1 line added, 0 already imported');
    expect(september).toHaveTextContent('Undone');
    expect(within(september).queryByRole('button')).not.toBeInTheDocument();
    expect(statements.calls[0]!.params).toEqual({ id: '2' });
  });

  it('should undo a statement import with a reason, and list it again', async () => {
    mockCurrentUser('staff');
    const undo = mockEndpoint(endpoints.undoStatement, { message: 'Statement import undone' });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Undo import #7' }));
    const dialog = screen.getByRole('dialog', { name: 'Undo import #7' });
    expect(dialog).toHaveTextContent('october.csv: its 18 lines leave the worklist.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Undo import' }));
    expect(dialogs.alerts).toEqual(['Please enter a reason']);
    expect(undo.calls).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText('Reason for the undo'), 'Wrong account');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Undo import' }));
    await waitFor(() =>
      expect(dialogs.alerts).toEqual(['Please enter a reason', 'Statement import undone']),
    );
    expect(undo.calls.map((call) => [call.params, call.body])).toEqual([
      [{ id: '2', importId: '7' }, { reason: 'Wrong account' }],
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The list is read again after the undo.
    await waitFor(() => expect(statements.calls.length).toBeGreaterThan(1));
  });

  it("should show the server's refusal of an undo while lines are matched, the dialog kept open", async () => {
    mockCurrentUser('staff');
    mockEndpoint(
      endpoints.undoStatement,
      failWith(409, 'Lines of this statement are matched or excluded: unmatch them first'),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Undo import #7' }));
    const dialog = screen.getByRole('dialog', { name: 'Undo import #7' });
    await userEvent.type(within(dialog).getByLabelText('Reason for the undo'), 'Wrong account');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Undo import' }));
    await waitFor(() =>
      expect(dialogs.alerts).toEqual([
        'Lines of this statement are matched or excluded: unmatch them first',
      ]),
    );
    expect(screen.getByRole('dialog', { name: 'Undo import #7' })).toBeInTheDocument();
  });

  it('should show a viewer the register without Import statement or Reverse', async () => {
    mockCurrentUser('viewer');
    renderPage();
    await screen.findByText('September rent');
    expect(screen.queryByRole('form', { name: 'Import statement' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Reverse/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reconcile' })).toBeInTheDocument();
    // The imports are listed to a viewer, with no Undo.
    await screen.findByText('october.csv');
    expect(screen.queryByRole('button', { name: /Undo import/ })).not.toBeInTheDocument();
  });
});
