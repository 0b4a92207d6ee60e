// CSV formula injection (docs/decisions/010-csv-cells.md): text people type (descriptions, names,
// the e-mail and browser of an unsigned sign-in attempt) never becomes a formula in the journal's
// or the activity's CSV, whatever separator a spreadsheet splits the lines on. Read back three
// ways: split in JavaScript, by the SQL writer against the contract's csvCell, and opened in
// LibreOffice Calc with `;`, TAB and `,` as separator.
import { convertEachInCalc, hasTool } from './office-tools.js';
import { sql } from 'kysely';
import { csvCell } from 'contract';
import {
  ADMIN,
  bearer,
  login,
  rows,
  setupDatabase,
  signInBoth,
  type TestContext,
} from './helpers.js';
import { seedParties } from './fixtures.js';
import { formulaPieces, NO_FORMULAS } from './csv-split.js';

const db = await setupDatabase();
let ctx: TestContext;
afterAll(() => db.close());

const get = async (url: string, token: string) => {
  const response = await ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response.body;
};
const post = async (url: string, token: string, payload: object) => {
  const response = await ctx.app.inject({ method: 'POST', url, headers: bearer(token), payload });
  expect(response.statusCode).toBe(201);
};

/** Every CSV of the scenarios below, fetched once they have all happened. */
const files = { journal: '', activity: '' };

beforeAll(async () => {
  ctx = await db.reset();
  await seedParties(ctx);
  const { admin, staff } = await signInBoth(ctx.app);
  // A user renamed with a formula after a semicolon records an income described the same way.
  const rename = await ctx.app.inject({
    method: 'PUT',
    url: '/api/users/updateuser/2',
    headers: bearer(admin),
    payload: { name: 'Sam;=1+1;', role: 'staff' },
  });
  expect(rename.statusCode).toBe(200);
  await post('/api/incoms/addIncome', staff, {
    clientId: 1,
    amount: 10,
    description: 'x;=1+1;',
    Creditdebit: 'Credit',
  });
  await post('/api/clients/addClient', admin, {
    // Names refuse TAB and line breaks (decision in contract Name); a description keeps them.
    name: 'Semi;=3+3',
    email: 'tab@test.local',
    companyName: 'Co;@5',
  });
  const [{ id: tabClient } = { id: 0 }] = await rows<{ id: number }>(
    ctx,
    `SELECT id FROM clients WHERE email = 'tab@test.local'`,
  );
  await post('/api/incoms/addIncome', admin, {
    clientId: tabClient,
    amount: 20,
    description: 'a, =5+5; "=6+6"\t-7+7\n=4+4\n@5',
    Creditdebit: 'Debit',
  });
  // A stranger, never signed in, types a formula as the e-mail and sends one as the browser.
  const stranger = await ctx.app.inject({
    method: 'POST',
    url: '/api/users/login',
    headers: { 'user-agent': 'Mozilla;=1+1;' },
    payload: { email: 'nobody;=2+2;@x', password: 'whatever1' },
  });
  expect(stranger.statusCode).toBeGreaterThanOrEqual(400);
  expect(stranger.statusCode).toBeLessThan(500);
  files.journal = await get('/api/journal/csv', admin);
  files.activity = await get('/api/activity/csv', await login(ctx.app, ADMIN));
});

describe('the journal CSV', () => {
  it('starts with a UTF-8 byte-order mark', () => {
    expect(files.journal.startsWith('\uFEFFid,date,kind,party,')).toBe(true);
  });

  it('puts an apostrophe before a formula after a semicolon, TAB, comma or line break', () => {
    const lines = files.journal.split('\r\n');
    expect(lines[2]).toMatch(
      /^1,\d{4}-\d\d-\d\d,income,Acme Buyer,Credit,10\.00,x;'=1\+1;,Sam;'=1\+1; <[^>]+>,/,
    );
    expect(lines[1]).toMatch(
      /^2,\d{4}-\d\d-\d\d,income,Semi;'=3\+3,Debit,20\.00,"a, '=5\+5; ""'=6\+6""\t'-7\+7\n'=4\+4\n'@5",Admin <[^>]+>,/,
    );
  });

  it('leaves no piece that is a formula under a comma, semicolon or TAB split', () => {
    expect(formulaPieces(files.journal)).toEqual(NO_FORMULAS);
  });
});

describe('the activity CSV', () => {
  it('starts with a UTF-8 byte-order mark', () => {
    expect(files.activity.startsWith('\uFEFFWhen,Who,Action,')).toBe(true);
  });

  it("defuses what a stranger's sign-in attempt wrote into it", () => {
    const failed = files.activity.split('\r\n').find((line) => line.includes(',login_failed,'));
    expect(failed).toBeDefined();
    expect(failed?.endsWith(",Mozilla;'=1+1;")).toBe(true);
    expect(failed).not.toMatch(/[^']=2\+2/);
  });

  it('defuses the renamed user and the client with line breaks in every change it lists', () => {
    expect(files.activity).toContain("Sam;'=1+1;");
    expect(files.activity).toContain("Co;'@5");
    expect(files.activity).toContain("\n'=4+4\n'@5");
  });

  it('leaves no piece that is a formula under a comma, semicolon or TAB split', () => {
    expect(formulaPieces(files.activity)).toEqual(NO_FORMULAS);
  });
});

describe('csv_field, the journal CSV writer in SQL', () => {
  it('writes every value exactly as the contract csvCell does', async () => {
    const alphabet = [
      ...'=+-@,;"\' a1.é',
      '\t',
      '\r',
      '\n',
      '\v',
      '\u00a0',
      '\u2005',
      '\u200b',
      '\ufeff',
    ];
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const values = Array.from({ length: 3000 }, () =>
      Array.from(
        { length: Math.floor(random() * 10) },
        () => alphabet[Math.floor(random() * alphabet.length)],
      ).join(''),
    );
    values.push('-150.00', '12', '-1.5.5', '+1', 'x;=1+1;', '\t=1', 'two\nlines', ' padded ');
    // Compared by position: a driver may drop a byte-order mark that starts a returned value.
    const { rows: written } = await sql<{ field: string }>`
      SELECT csv_field(value) AS field
      FROM unnest(${values}::text[]) WITH ORDINALITY AS t(value, n) ORDER BY n`.execute(
      ctx.database.db,
    );
    const differing = values
      .map((value, index) => ({ value, sql: written[index]?.field, csvCell: csvCell(value) }))
      .filter((row) => row.sql !== row.csvCell);
    expect(differing).toEqual([]);
    expect(written).toHaveLength(values.length);
    const [none] = (
      await sql<{ field: string }>`SELECT csv_field(NULL) AS field`.execute(ctx.database.db)
    ).rows;
    expect(none?.field).toBe(csvCell(null));
  });
});

// --- opened in LibreOffice Calc -------------------------------------------------------------

/** Whether `soffice` (Debian: libreoffice-calc-nogui) is on PATH. */
const soffice = await hasTool('soffice', ['--version']);
if (!soffice) {
  console.warn(
    'csv-formulas: soffice is not on PATH, so the CSVs are not opened in LibreOffice Calc ' +
      '(apt-get install -y libreoffice-calc-nogui)',
  );
}

/**
 * Opens the files in LibreOffice Calc once per set of CSV filter options (separator, quote,
 * UTF-8, from line 1, ...), all in one start of Calc, and returns, per set and file, the formulas
 * of the sheet it made.
 */
async function calcFormulas(
  csvFiles: Record<string, string>,
  filterOptions: string[],
): Promise<Array<Record<string, string[]>>> {
  const conversions = await convertEachInCalc(
    filterOptions.map((options) => ({
      files: Object.fromEntries(
        Object.entries(csvFiles).map(([name, text]) => [`${name}.csv`, text]),
      ),
      inFilter: `Text - txt - csv (StarCalc):${options}`,
    })),
  );
  return conversions.map((converted) => {
    expect(Object.keys(converted).sort()).toEqual(
      Object.keys(csvFiles)
        .map((name) => `${name}.fods`)
        .sort(),
    );
    return Object.fromEntries(
      Object.keys(csvFiles).map((name) => [
        name,
        [
          ...(converted[`${name}.fods`]?.toString('utf8') ?? '').matchAll(
            /table:formula="([^"]*)"/g,
          ),
        ].map((match) => match[1] ?? ''),
      ]),
    );
  });
}

const describeCalc = soffice ? describe : describe.skip;

describeCalc('the CSVs opened in LibreOffice Calc', () => {
  // Separator, quote ("), UTF-8, from line 1; then, in the second case, "trim spaces" on.
  const options = [
    ['semicolon', '59,34,76,1'],
    ['TAB', '9,34,76,1'],
    ['comma', '44,34,76,1'],
    ['semicolon with spaces trimmed', '59,34,76,1,,1033,false,false,false,false,true'],
  ] as const;
  // The same values written as they are: proof that Calc runs formulas under these options.
  const raw = 'a;=1+1;\tx\r\n=2+2,b\r\n';
  /** Each case's formulas, by file: the files opened under every case in one start of Calc. */
  let opened: Array<Record<string, string[]>> = [];
  beforeAll(async () => {
    opened = await calcFormulas(
      { ...files, raw },
      options.map(([, filter]) => filter),
    );
  });

  it.each(options.map(([name], index) => [name, index] as const))(
    'has no formula in any cell with %s as separator',
    (_, index) => {
      const found = opened[index]!;
      expect(found.raw?.length).toBeGreaterThan(0);
      expect({ journal: found.journal, activity: found.activity }).toEqual({
        journal: [],
        activity: [],
      });
    },
  );
});
