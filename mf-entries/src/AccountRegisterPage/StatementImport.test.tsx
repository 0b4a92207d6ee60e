import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { accountMessages, importMessages, type StatementPreview } from 'contract/browser';
import { endpoints, failWith, mockEndpoint } from 'shared-ui/testing';
import {
  importCsvStatement,
  importingAnswer,
  importingRow,
  CSV_PREVIEW,
  IMPORTED,
  IMPORTS,
  csvFile,
  mockRegisterEachTest,
  optionsOf,
  renderPage,
} from './register-fixtures';

const { dialogs, statements } = mockRegisterEachTest();

describe('StatementImport', () => {
  it('should import a statement and tell the lines added, those already imported and a broken chain', async () => {
    mockEndpoint(endpoints.previewStatement, CSV_PREVIEW);
    const imported = mockEndpoint(endpoints.importStatement, IMPORTED);
    const form = await importCsvStatement();
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
    mockEndpoint(endpoints.previewStatement, CSV_PREVIEW);
    mockEndpoint(endpoints.importStatement, importingAnswer(8, 4321));
    const row = importingRow(8, { lines: 4321, linesDone: 1500, added: 1490, known: 10 });
    statements.answer({ imports: [row, ...IMPORTS.imports] });
    const form = await importCsvStatement();
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

  it('should show a large file read after its answer, then the refusal the statement list gives', async () => {
    mockEndpoint(endpoints.previewStatement, CSV_PREVIEW);
    mockEndpoint(
      endpoints.importStatement,
      importingAnswer(9, 0, { openingBalance: null, closingBalance: null, chainBreak: null }),
    );
    const row = importingRow(9, { lines: 0, linesDone: 0, added: 0, known: 0 });
    statements.answer({ imports: [row, ...IMPORTS.imports] });
    const form = await importCsvStatement();
    expect(
      await within(form).findByRole('status', { name: 'Statement importing' }),
    ).toHaveTextContent('Importing the statement: reading the file');
    const imports = screen.getByRole('table', { name: 'Statement imports' });
    expect(within(imports).getByText('Importing: reading the file')).toBeInTheDocument();

    const refusal = 'Line 2002: "12x" is not an amount';
    statements.answer({ imports: [{ ...row, state: 'refused', refusal }, ...IMPORTS.imports] });
    const refused = await within(form).findByRole(
      'alert',
      { name: 'Statement refused' },
      { timeout: 5000 },
    );
    expect(refused).toHaveTextContent(
      `The statement was not imported, nothing was stored: ${refusal}`,
    );
    expect(dialogs.alerts).toEqual([accountMessages.statementImporting, refusal]);
    expect(
      within(form).queryByRole('status', { name: 'Statement importing' }),
    ).not.toBeInTheDocument();
    expect(
      within(form).queryByRole('status', { name: 'Statement imported' }),
    ).not.toBeInTheDocument();
    // The list shows why; a refused import stored nothing to undo.
    expect(await within(imports).findByText(`Refused: ${refusal}`)).toBeInTheDocument();
    expect(
      within(imports).queryByRole('button', { name: `${importMessages.undoImport} #9` }),
    ).not.toBeInTheDocument();
  });

  it('should preview a CSV statement once chosen: the columns read, the formats and the first lines signed', async () => {
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
});
