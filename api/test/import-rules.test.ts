// What an import takes is what the forms take (issue 30, findings 4, 5 and 8): every field rule
// walked through both paths, the form's route and the import, with the same verdict and the same
// sentence; totals exact to the cent at the largest amounts; rows wider than the header, or that
// the reader flags, are row errors and never imported.
import {
  IMPORT_LIMITS,
  importFieldLabel,
  importMessages,
  type ImportField,
  type ImportKind,
  type ImportOptions,
  type ImportPreview,
} from 'contract';
import { bearer, rows, setupDatabase, signInBoth, type TestContext } from './helpers.js';
import { seedParties } from './fixtures.js';
import { addDays, todayIn } from '../src/lib/dates.js';
import { analyseFile } from '../src/repositories/imports.js';
import type { FileRow } from '../src/imports/read-file.js';

const db = await setupDatabase();
let ctx: TestContext;
let staff: string;
const yesterday = addDays(todayIn('UTC'), -1);
afterAll(() => db.close());

async function fresh() {
  ctx = await db.resetKeepingApp();
  await seedParties(ctx);
  ({ staff } = await signInBoth(ctx.app));
}

const BOUNDARY = '----import-rules-boundary';

async function send(path: '/api/imports/preview' | '/api/imports', file: string, kind: ImportKind) {
  const options: ImportOptions = { kind };
  return ctx.app.inject({
    method: 'POST',
    url: path,
    headers: { ...bearer(staff), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="options"\r\n\r\n${JSON.stringify(options)}\r\n` +
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="rows.csv"\r\n` +
          `Content-Type: text/csv\r\n\r\n`,
      ),
      Buffer.from(file),
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]),
  });
}

async function preview(file: string, kind: ImportKind): Promise<ImportPreview> {
  const response = await send('/api/imports/preview', file, kind);
  expect(response.statusCode).toBe(200);
  return response.json<ImportPreview>();
}

const csv = (table: string[][]) =>
  table.map((cells) => cells.map((cell) => `"${cell.replace(/"/g, '""')}"`).join(',')).join('\r\n');

const emoji = (count: number) => '\u{1F600}'.repeat(count);

// ------------------------------------------------------------------------------ the field rules

/** One value of one field, and whether the form takes it. */
interface Case {
  field: ImportField;
  value: string;
  accepted: boolean;
}

interface Form {
  /** The form's route and the body property each import field is sent in. */
  url: string;
  property: Partial<Record<ImportField, string>>;
  /** The file's header, and a row that both paths take, given a line's index (kept unique). */
  header: string[];
  valid: (index: number) => Partial<Record<ImportField, string>>;
  /** The form's body for the values of a row. */
  body: (values: Partial<Record<ImportField, string>>) => Record<string, unknown>;
  /** What a stored row holds of the field: the rows stored by the import, by its values. */
  stored: (field: ImportField) => string;
  cases: Case[];
  /** Entries: the party every row is recorded against, and the form's field for its id. */
  party?: { header: string; name: string; table: string; column: string; field: string };
}

const partyId = async (table: string, column: string, name: string) =>
  (await rows<{ id: number }>(ctx, `SELECT id FROM ${table} WHERE ${column} = '${name}'`))[0]!.id;

const entryForm = (
  kind: 'income' | 'expense' | 'salary',
  url: string,
  party: { header: string; name: string; table: string; column: string; field: string },
  cases: Case[],
): Form => ({
  url,
  property: { amount: 'amount', description: 'description' },
  header: ['Date', party.header, 'Amount', 'Description'],
  valid: (index) => ({ amount: `${index + 1}.25`, description: `row ${index}` }),
  body: (values) => ({
    amount: Number(values.amount),
    description: values.description,
    Creditdebit: 'Credit',
    date: yesterday,
  }),
  stored: (field) =>
    `SELECT ${field === 'amount' ? 'amount::text' : field} AS value FROM entries WHERE kind = '${kind}'`,
  cases,
  party,
});

const descriptionCases = (): Case[] => [
  { field: 'description', value: 'Paid \u202Ein full', accepted: false },
  { field: 'description', value: 'Paid \u2066in\u2069 full', accepted: false },
  { field: 'description', value: 'Paid \u202Ain full', accepted: false },
  { field: 'description', value: 'Paid in full \u200F', accepted: true },
  { field: 'description', value: emoji(300), accepted: true },
  { field: 'description', value: emoji(500), accepted: true },
  // 501 characters (751 UTF-16 units: the file's cells may hold 1,000).
  { field: 'description', value: emoji(250) + 'd'.repeat(251), accepted: false },
  { field: 'description', value: 'd'.repeat(500), accepted: true },
  { field: 'description', value: 'd'.repeat(501), accepted: false },
];

const FORMS: Record<ImportKind, Form> = {
  clients: {
    url: '/api/clients/addClient',
    property: { name: 'name', email: 'email', companyName: 'companyName' },
    header: ['Name', 'E-mail', 'Company name'],
    valid: (index) => ({
      name: `Client ${index}`,
      email: `client${index}@example.com`,
      companyName: `Company ${index}`,
    }),
    body: (values) => values,
    stored: (field) =>
      `SELECT ${field === 'companyName' ? 'company_name' : field} AS value FROM clients`,
    cases: [
      { field: 'email', value: '\u00e4@example.com', accepted: false },
      { field: 'email', value: 'zed@example.com', accepted: true },
      { field: 'email', value: 'zed@@example.com', accepted: false },
      { field: 'email', value: 'zed@example', accepted: false },
      {
        field: 'email',
        value: `${'z'.repeat(64)}@${'e'.repeat(63)}.${'x'.repeat(63)}.com`,
        accepted: true,
      },
      {
        field: 'email',
        value: `${'z'.repeat(64)}@${'e'.repeat(63)}.${'x'.repeat(63)}.${'y'.repeat(63)}.com`,
        accepted: false,
      },
      { field: 'name', value: 'Sam \u202Enimda', accepted: false },
      { field: 'name', value: 'Zero\u200Bwidth', accepted: false },
      { field: 'name', value: 'Hangul\u3164filler', accepted: false },
      { field: 'name', value: 'Zo\u00eb', accepted: true },
      { field: 'name', value: 'n'.repeat(100), accepted: true },
      { field: 'name', value: 'n'.repeat(101), accepted: false },
      { field: 'name', value: emoji(100), accepted: true },
      { field: 'name', value: emoji(101), accepted: false },
      { field: 'companyName', value: 'c'.repeat(200), accepted: true },
      { field: 'companyName', value: 'c'.repeat(201), accepted: false },
      { field: 'companyName', value: '\u2066Company', accepted: false },
    ],
  },
  employees: {
    url: '/api/employees/addEmployee',
    property: { name: 'name', email: 'email', number: 'number' },
    header: ['Name', 'E-mail', 'Number'],
    valid: (index) => ({
      name: `Employee ${index}`,
      email: `employee${index}@example.com`,
      number: `0300${index}`,
    }),
    body: (values) => values,
    stored: (field) => `SELECT ${field} AS value FROM employees`,
    cases: [
      { field: 'number', value: '0300123', accepted: true },
      { field: 'number', value: '0300abc', accepted: false },
      { field: 'number', value: '1'.repeat(20), accepted: true },
      { field: 'number', value: '1'.repeat(21), accepted: false },
      { field: 'number', value: '\u0661\u0662\u0663', accepted: false },
      { field: 'number', value: '12.5', accepted: false },
      { field: 'email', value: '\u00e4@example.com', accepted: false },
      { field: 'name', value: 'Ali \u202Ekhan', accepted: false },
      { field: 'name', value: emoji(100), accepted: true },
      { field: 'name', value: 'n'.repeat(101), accepted: false },
    ],
  },
  expenseTypes: {
    url: '/api/expance/addexpancetype',
    property: { expenseType: 'expancetype' },
    header: ['Expense type'],
    valid: (index) => ({ expenseType: `Type ${index}` }),
    body: (values) => ({ expancetype: values.expenseType }),
    stored: () => `SELECT expancetype AS value FROM expense_types`,
    cases: [
      { field: 'expenseType', value: 'Stationery', accepted: true },
      { field: 'expenseType', value: 'Rent \u202E2', accepted: false },
      { field: 'expenseType', value: 'Soft\u00adhyphen', accepted: false },
      { field: 'expenseType', value: emoji(100), accepted: true },
      { field: 'expenseType', value: 't'.repeat(101), accepted: false },
    ],
  },
  income: entryForm(
    'income',
    '/api/incoms/addIncome',
    { header: 'Client', name: 'Acme Buyer', table: 'clients', column: 'name', field: 'clientId' },
    [
      ...descriptionCases(),
      { field: 'amount', value: '999999999999.99', accepted: true },
      { field: 'amount', value: '1000000000000', accepted: false },
      { field: 'amount', value: '0', accepted: false },
      { field: 'amount', value: '0.01', accepted: true },
    ],
  ),
  expense: entryForm(
    'expense',
    '/api/expance/addexpance',
    {
      header: 'Expense type',
      name: 'Rent',
      table: 'expense_types',
      column: 'expancetype',
      field: 'expanceTypeId',
    },
    [...descriptionCases(), { field: 'amount', value: '1000000000000', accepted: false }],
  ),
  salary: entryForm(
    'salary',
    '/api/expance/addsalery',
    { header: 'Employee', name: 'Ali', table: 'employees', column: 'name', field: 'employeeId' },
    [...descriptionCases(), { field: 'amount', value: '0', accepted: false }],
  ),
};

/** The file of a kind: one row per case (line 2 onwards), each otherwise valid. */
async function fileOf(
  kind: ImportKind,
): Promise<{ file: string; values: Partial<Record<ImportField, string>>[] }> {
  const form = FORMS[kind];
  const party = form.party;
  const values = form.cases.map((item, index) => ({
    ...form.valid(index),
    [item.field]: item.value,
  }));
  const fields = Object.keys(form.property) as ImportField[];
  const table = values.map((row) =>
    party
      ? [yesterday, party.name, row.amount ?? '', row.description ?? '']
      : fields.map((f) => row[f] ?? ''),
  );
  return { file: csv([form.header, ...table]), values };
}

describe.each(Object.keys(FORMS) as ImportKind[])('the %s import and its form', (kind) => {
  const form = FORMS[kind];
  beforeEach(fresh);

  it('refuses exactly what the form refuses, in the form’s words, naming the column', async () => {
    const { file, values } = await fileOf(kind);
    const answer = await preview(file, kind);
    const party = form.party;
    const extra = party
      ? { [party.field]: await partyId(party.table, party.column, party.name) }
      : {};
    for (const [index, item] of form.cases.entries()) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: form.url,
        headers: bearer(staff),
        payload: { ...form.body(values[index]!), ...extra },
      });
      const property = form.property[item.field]!;
      const reasons = answer.problems.filter((p) => p.line === index + 2).map((p) => p.reason);
      const formMessage =
        response.statusCode === 400 ? response.json<{ message: string }>().message : null;
      // The form's sentence, its field named as the file's column is.
      const inImportWords =
        formMessage?.startsWith(property) === true
          ? importFieldLabel(kind, item.field) + formMessage.slice(property.length)
          : formMessage;
      expect({
        value: item.value.slice(0, 40),
        form: response.statusCode < 300 ? 'accepted' : response.statusCode,
        import: reasons.length === 0 ? 'accepted' : reasons,
      }).toEqual({
        value: item.value.slice(0, 40),
        form: item.accepted ? 'accepted' : 400,
        import: item.accepted ? 'accepted' : [inImportWords],
      });
    }
    expect(answer.ready).toBe(form.cases.filter((item) => item.accepted).length);
  });

  it('imports the rows the form takes, and none of the others', async () => {
    const { file } = await fileOf(kind);
    const response = await send('/api/imports', file, kind);
    expect(response.statusCode).toBe(201);
    const fields = [...new Set(form.cases.map((item) => item.field))];
    for (const field of fields) {
      const stored = (await rows<{ value: string }>(ctx, form.stored(field))).map((r) => r.value);
      for (const item of form.cases.filter((c) => c.field === field)) {
        const expected = field === 'amount' ? Number(item.value).toFixed(2) : item.value;
        expect([item.value.slice(0, 40), stored.includes(expected)]).toEqual([
          item.value.slice(0, 40),
          item.accepted,
        ]);
      }
    }
  });
});

// ------------------------------------------------------------------------------ exact totals

describe('totals', () => {
  beforeEach(fresh);
  const MAX = '999999999999.99';

  it('sums 101 rows of the largest amount to the cent, in the preview, the record and the list', async () => {
    const file = [
      'Date,Client,Amount,Description',
      ...Array.from({ length: 101 }, (_, i) => `${yesterday},Acme Buyer,${MAX},row ${i}`),
    ].join('\n');
    const previewed = await send('/api/imports/preview', file, 'income');
    expect(previewed.statusCode).toBe(200);
    expect(previewed.json<ImportPreview>().ready).toBe(101);
    // Exact number tokens: a double would read 100999999999998.98.
    expect(previewed.body).toContain('"credit":100999999999998.99,"debit":0');

    const done = await send('/api/imports', file, 'income');
    expect(done.statusCode).toBe(201);
    expect(done.body).toContain('"credit":100999999999998.99,"debit":0');
    expect(
      await rows(ctx, 'SELECT credit::text AS credit, debit::text AS debit, rows FROM imports'),
    ).toEqual([{ credit: '100999999999998.99', debit: '0.00', rows: 101 }]);
    expect(await rows(ctx, 'SELECT sum(amount)::text AS total FROM entries')).toEqual([
      { total: '100999999999998.99' },
    ]);
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/imports',
      headers: bearer(staff),
    });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('"credit":100999999999998.99,"debit":0');
  });

  it('sums mixed amounts exactly on each side', async () => {
    const file = [
      'Date,Client,Credit/Debit,Amount,Description',
      `${yesterday},Acme Buyer,Credit,0.10,a`,
      `${yesterday},Acme Buyer,Credit,0.20,b`,
      `${yesterday},Acme Buyer,Credit,"1,234.56",c`,
      `${yesterday},Beta Buyer,Debit,${MAX},d`,
      `${yesterday},Beta Buyer,Debit,${MAX},e`,
      `${yesterday},Beta Buyer,Debit,${MAX},f`,
      `${yesterday},Beta Buyer,Debit,0.04,g`,
    ].join('\n');
    const previewed = await send('/api/imports/preview', file, 'income');
    expect(previewed.body).toContain('"credit":1234.86,"debit":3000000000000.01');
    const done = await send('/api/imports', file, 'income');
    expect(done.statusCode).toBe(201);
    expect(
      await rows(ctx, 'SELECT credit::text AS credit, debit::text AS debit FROM imports'),
    ).toEqual([{ credit: '1234.86', debit: '3000000000000.01' }]);
    expect(
      await rows(
        ctx,
        `SELECT credit_debit, sum(amount)::text AS total FROM entries GROUP BY credit_debit ORDER BY credit_debit`,
      ),
    ).toEqual([
      { credit_debit: 'Credit', total: '1234.86' },
      { credit_debit: 'Debit', total: '3000000000000.01' },
    ]);
  });
});

// -------------------------------------------------------------------- rows that cannot be trusted

describe('rows that cannot be trusted', () => {
  beforeEach(fresh);

  it('makes a row with a value past the header’s last column an error, and never imports it', async () => {
    const file = [
      'Date,Client,Amount',
      `${yesterday},Acme Buyer,100.00,200.00`,
      `${yesterday},Acme Buyer,3.00,,`,
      `${yesterday},Beta Buyer,4.00`,
    ].join('\n');
    const answer = await preview(file, 'income');
    expect(answer.problems).toEqual([
      { line: 2, reason: importMessages.moreCellsThanHeaders(3), duplicate: false },
    ]);
    expect(answer.summary).toBe('2 rows ready · 1 rows with errors');
    expect((await send('/api/imports', file, 'income')).statusCode).toBe(201);
    expect(await rows(ctx, 'SELECT amount::text AS amount FROM entries ORDER BY amount')).toEqual([
      { amount: '3.00' },
      { amount: '4.00' },
    ]);
  });

  it('makes a row of people wider than the header an error too', async () => {
    const answer = await preview(
      'Name,E-mail,Company name\nZed,zed@example.com,Zed Co\nYan,yan@example.com,Yan,Co\n',
      'clients',
    );
    expect(answer.problems).toEqual([
      { line: 3, reason: importMessages.moreCellsThanHeaders(3), duplicate: false },
    ]);
    expect(answer.ready).toBe(1);
  });

  const input = (kind: ImportKind) => ({
    fileName: 'rows.csv',
    bytes: Buffer.from('x'),
    options: { kind },
    today: todayIn('UTC'),
  });
  const read = (rows: FileRow[]) => ({
    format: 'CSV' as const,
    encoding: 'UTF-8',
    delimiter: ',',
    sheets: [],
    sheet: null,
    rows,
  });

  it('makes a row the reader flags an error with the reader’s words, and never imports it', async () => {
    const flagged = 'Line 3 ends with a line break of another kind than the lines before it';
    const analysis = await analyseFile(
      ctx.app.db,
      input('income'),
      read([
        { line: 1, cells: ['Date', 'Client', 'Amount'] },
        { line: 2, cells: [yesterday, 'Acme Buyer', '1.00'] },
        { line: 3, cells: [yesterday, 'Acme Buyer', '100.00'], problem: flagged },
        { line: 5, cells: [yesterday, 'Beta Buyer', '2.00'] },
      ]),
    );
    expect(analysis.preview.problems).toEqual([{ line: 3, reason: flagged, duplicate: false }]);
    expect(analysis.preview).toMatchObject({ rows: 3, ready: 2, withErrors: 1 });
    expect(analysis.entries.map((plan) => plan.line)).toEqual([2, 5]);
    expect(analysis.credit).toBe(300n);
  });

  it('refuses a file whose header row the reader flags', async () => {
    const flagged = 'Line 1 cannot be read';
    await expect(
      analyseFile(
        ctx.app.db,
        input('clients'),
        read([
          { line: 1, cells: ['Name', 'E-mail', 'Company name'], problem: flagged },
          { line: 2, cells: ['Zed', 'zed@example.com', 'Zed Co'] },
        ]),
      ),
    ).rejects.toMatchObject({ statusCode: 400, message: flagged });
  });

  it('keeps the preview small whatever the width of the header', async () => {
    const widest = IMPORT_LIMITS.columns;
    const header = ['Date', 'Client', 'Amount', 'h'.repeat(1000), ...Array(widest - 4).fill('')];
    const answer = await preview(`${header.join(',')}\n${yesterday},Acme Buyer,1\n`, 'income');
    expect(answer.headers).toHaveLength(widest);
    expect(Math.max(...answer.headers.map((name) => [...name].length))).toBe(200);
    expect(answer.headers.slice(0, 3)).toEqual(['Date', 'Client', 'Amount']);
    expect(answer.ready).toBe(1);

    const wider = [...header, ...Array(5000).fill('')];
    const refused = await send('/api/imports/preview', `${wider.join(',')}\n`, 'income');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: importMessages.tooManyColumns(1) });
  });
});
