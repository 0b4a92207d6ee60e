// What the register page's tests share: their set-up, a page of the register, a statement's preview and
// import answers, the account's imports, and the page rendered at its route.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  accountMessages,
  type RegisterPage,
  type StatementImportList,
  type StatementImported,
  type StatementPreview,
} from 'contract/browser';
import { endpoints } from 'shared-ui/testing';
import { BANK, answerEachTest, openScreenEachTest, renderAt } from '../testing';
import { AccountRegisterPage } from './AccountRegisterPage';

export const PAGE: RegisterPage = {
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

export const IMPORTED = {
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
export const CSV_PREVIEW: StatementPreview = {
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

export const csvFile = () =>
  new File(['Datum;Text;Ref;Paid out;Paid in;Betrag;Saldo\n'], 'october.csv', {
    type: 'text/csv',
  });

/** The multipart `options` a preview or an import was sent with. */
export const optionsOf = (call: { form: Record<string, string> | undefined }) =>
  JSON.parse(call.form!.options!) as unknown;

export const IMPORTS: StatementImportList = {
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
      refusal: null,
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
      refusal: null,
      chainBreak: null,
      createdAt: '2026-10-01T08:00:00.000Z',
      undoneAt: '2026-10-01T08:05:00.000Z',
    },
  ],
};

/**
 * Before each test: a staff user signed in, and the register and the account's statement imports
 * answered (PAGE and IMPORTS). The mocks returned are those of the test running.
 */
export const mockRegisterEachTest = () => ({
  dialogs: openScreenEachTest('staff'),
  register: answerEachTest(endpoints.getRegister, PAGE),
  statements: answerEachTest(endpoints.listStatements, IMPORTS),
});

export const renderPage = (path = '/Accounts/2') =>
  renderAt(path, <AccountRegisterPage />, { route: '/Accounts/:id' });

/** The register with the CSV file chosen, previewed and sent: the import form, for its answers. */
export async function importCsvStatement() {
  renderPage();
  const form = await screen.findByRole('form', { name: 'Import statement' });
  await userEvent.upload(within(form).getByLabelText('File'), csvFile());
  await within(form).findByRole('table', { name: 'Lines to import' });
  await userEvent.click(within(form).getByRole('button', { name: 'Import statement' }));
  return form;
}

/** A large statement's import as the account's imports list it while its lines are written. */
export const importingRow = (
  id: number,
  counts: { lines: number; linesDone: number; added: number; known: number },
) => ({
  ...IMPORTS.imports[0]!,
  id,
  fileName: 'year.csv',
  state: 'importing' as const,
  ...counts,
});

/** The server's answer to a large statement: taken, its lines being written. */
export const importingAnswer = (
  importId: number,
  lines: number,
  more: Partial<StatementImported> = {},
) => ({
  ...IMPORTED,
  message: accountMessages.statementImporting,
  importId,
  state: 'importing' as const,
  lines,
  added: 0,
  known: 0,
  ...more,
});
