// Names that deceive: text is stored in Unicode normal form C; names refuse characters that show
// nothing or turn the text around; expense type names equal after NFKC, case folding and
// collapsing white space are one name (in the database too); a user name that looks like another
// user's is refused.
import { apiMessages } from 'contract';
import { keyUnkeyedExpenseTypes } from '../src/repositories/expense-types.js';
import { bearer, rows, setupDatabase, signInBoth, type TestContext } from './helpers.js';

const setup = setupDatabase();
let db: Awaited<typeof setup>;
let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  db = await setup;
});
beforeEach(async () => {
  ctx = await db.resetKeepingApp();
  ({ admin } = await signInBoth(ctx.app));
});
afterAll(async () => db.close());

const send = (method: 'POST' | 'PUT', url: string, payload: object) =>
  ctx.app.inject({ method, url, headers: bearer(admin), payload });

const invisible = (field: string) => ({
  code: 'invalid_input',
  message: `${field} ${apiMessages.invisibleInName}`,
});
const overridden = (field: string) => ({
  code: 'invalid_input',
  message: `${field} ${apiMessages.directionControlInText}`,
});
const names = async (table: string, column = 'name') =>
  (await rows<{ v: string }>(ctx, `SELECT ${column} AS v FROM ${table} ORDER BY id`)).map(
    (row) => row.v,
  );

let serial = 0;
const newUser = (name: string) => ({
  name,
  email: `user${(serial += 1)}@test.local`,
  password: 'a long enough passphrase',
});

describe('user names', () => {
  it.each([
    ['a zero-width space', 'Ad\u200Bmin'],
    ['a right-to-left override', 'Sam \u202Enimda'],
    ['a Hangul filler', '\u3164'],
    ['a Hangul choseong filler', 'Sam\u115F'],
    ['a halfwidth Hangul filler', '\uFFA0Sam'],
    ['a soft hyphen', 'Ad\u00ADmin'],
    ['a word joiner', 'Ad\u2060min'],
    ['a byte order mark', '\uFEFFAdmin'],
    ['a left-to-right isolate', 'Sam \u2066x\u2069'],
    ['a line break', 'Sam\nSmith'],
    ['a tab', 'Sam\tSmith'],
    ['a lone variation selector', 'Sam \uFE0F'],
    ['a blank Braille pattern', 'Sam\u2800'],
    ['a tag character', 'Sam\u{E0041}'],
  ])('refuses a name with %s with 400 naming the field, and stores nothing', async (_, name) => {
    const before = await names('users');
    const response = await send('POST', '/api/users/register', newUser(name));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(invisible('name'));
    expect(await names('users')).toEqual(before);
  });

  it.each([
    ['the same name', 'Admin'],
    ['the same name with extra white space', ' Admin  '],
  ])('accepts %s as the first admin: two people may share a name', async (_, name) => {
    const response = await send('POST', '/api/users/register', newUser(name));
    expect(response.statusCode).toBe(201);
  });

  it.each([
    ['a case variant', 'ADMIN'],
    ['a Cyrillic А', '\u0410dmin'],
    ['a Greek Α', '\u0391dmin'],
    ['rn for m', 'Adrnin'],
    ['a compatibility form', '\uFF21dmin'],
  ])('refuses a user named like the first admin (%s) with 409', async (_, name) => {
    const before = await names('users');
    const response = await send('POST', '/api/users/register', newUser(name));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: apiMessages.userNameSimilar });
    expect(await names('users')).toEqual(before);
  });

  it('refuses renaming a user to a name that looks like another user\u2019s, keeps their own', async () => {
    const created = await send('POST', '/api/users/register', newUser('Sam Smith'));
    expect(created.statusCode).toBe(201);
    const id = created.json<{ user: { id: number } }>().user.id;

    const renamed = await send('PUT', `/api/users/updateuser/${id}`, {
      name: 'St\u0430ff Member',
      role: 'staff',
    });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json()).toMatchObject({ message: apiMessages.userNameSimilar });
    // Their own name again, and a role change under it, are fine.
    const same = await send('PUT', `/api/users/updateuser/${id}`, {
      name: 'Sam Smith',
      role: 'admin',
    });
    expect(same.statusCode).toBe(200);
    expect(await names('users')).toEqual(['Admin', 'Staff Member', 'Sam Smith']);
  });

  it('refuses look-alike names sent at the same time but one', async () => {
    const answers = await Promise.all(
      ['Jo Doe', 'JO DOE', 'J\u043E Doe', 'j\u043E doe'].map((name) =>
        send('POST', '/api/users/register', newUser(name)),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409, 409]);
    expect((await names('users')).length).toBe(3);
  });

  it('takes names in other scripts and with accents', async () => {
    for (const name of [
      'José Álvarez',
      'Zoë Brontë',
      'محمد علي',
      'Ελένη Παπαδοπούλου',
      '山田太郎',
    ]) {
      const response = await send('POST', '/api/users/register', newUser(name));
      expect({ name, status: response.statusCode }).toEqual({ name, status: 201 });
    }
  });
});

describe('text is stored in normal form C', () => {
  it('stores a decomposed letter composed, on every route', async () => {
    const client = await send('POST', '/api/clients/addClient', {
      name: 'Cafe\u0301 Owner',
      email: 'cafe@example.com',
      companyName: 'Cre\u0300me Ltd',
    });
    expect(client.statusCode).toBe(201);
    expect(client.json()).toMatchObject({
      user: { name: 'Caf\u00E9 Owner', companyName: 'Cr\u00E8me Ltd' },
    });
    expect(await names('clients')).toEqual(['Caf\u00E9 Owner']);
    expect(await names('clients', 'company_name')).toEqual(['Cr\u00E8me Ltd']);

    const income = await send('POST', '/api/incoms/addIncome', {
      clientId: 1,
      amount: 10,
      Creditdebit: 'Debit',
      description: 'Fe\u0301e',
    });
    expect(income.statusCode).toBe(201);
    expect(await names('entries', 'description')).toEqual(['F\u00E9e']);
  });
});

describe('names of clients, employees and expense types', () => {
  it('refuses invisible characters in each name field, naming it', async () => {
    const cases: Array<[string, object, string]> = [
      [
        '/api/clients/addClient',
        { name: 'Ad\u200Bmin', email: 'a@example.com', companyName: 'One' },
        'name',
      ],
      [
        '/api/clients/addClient',
        { name: 'Sam', email: 'a@example.com', companyName: 'One \u202ELtd' },
        'companyName',
      ],
      [
        '/api/employees/addEmployee',
        { name: '\u3164', email: 'e@example.com', number: '0300' },
        'name',
      ],
      ['/api/expance/addexpancetype', { expancetype: 'Rent\u200D' }, 'expancetype'],
    ];
    for (const [url, payload, field] of cases) {
      const response = await send('POST', url, payload);
      expect({ url, field, status: response.statusCode, body: response.json() }).toEqual({
        url,
        field,
        status: 400,
        body: invisible(field),
      });
    }
    expect(await names('clients')).toEqual([]);
    expect(await names('employees')).toEqual([]);
    expect(await names('expense_types', 'expancetype')).toEqual([]);
  });

  it('takes an emoji with its variation selector in a name', async () => {
    const response = await send('POST', '/api/expance/addexpancetype', {
      expancetype: 'Flowers \u2764\uFE0F',
    });
    expect(response.statusCode).toBe(201);
  });
});

describe('descriptions and reasons', () => {
  beforeEach(async () => {
    const client = await send('POST', '/api/clients/addClient', {
      name: 'Client',
      email: 'c@example.com',
      companyName: 'C Ltd',
    });
    expect(client.statusCode).toBe(201);
  });

  it('keep line breaks and direction marks but refuse overrides and isolates', async () => {
    const income = (description: string) =>
      send('POST', '/api/incoms/addIncome', {
        clientId: 1,
        amount: 10,
        Creditdebit: 'Debit',
        description,
      });
    expect((await income('first line\nsecond line \u200F')).statusCode).toBe(201);
    for (const description of ['paid \u202Eevil', 'x \u2067y\u2069', 'a\u202Ab\u202C']) {
      const refused = await income(description);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual(overridden('description'));
    }
    expect(await names('entries', 'description')).toEqual(['first line\nsecond line \u200F']);

    const reversal = await send('POST', '/api/journal/1/reverse', { reason: 'typo \u202Ex' });
    expect(reversal.statusCode).toBe(400);
    expect(reversal.json()).toEqual(overridden('reason'));
    expect((await rows(ctx, 'SELECT id FROM entries')).length).toBe(1);
  });
});

describe('expense type names', () => {
  const addType = (expancetype: string) =>
    send('POST', '/api/expance/addexpancetype', { expancetype });

  it.each([
    ['a no-break space', 'Office\u00A0Rent'],
    ['two spaces', 'Office  Rent'],
    ['an em space', 'Office\u2003Rent'],
    ['an ideographic space', 'Office\u3000Rent'],
    ['another case', 'OFFICE rent'],
    ['fullwidth letters', '\uFF2Fffice Rent'],
    ['a decomposed é', 'Cafe\u0301'],
    ['an upper-case É', 'CAF\u00C9'],
    ['a ligature', 'O\uFB00ice Rent'],
  ])('refuses a name equal to another after normalising (%s) with 409', async (_, name) => {
    expect((await addType('Office Rent')).statusCode).toBe(201);
    expect((await addType('Café')).statusCode).toBe(201);
    expect((await addType('Offfice Rent')).statusCode).toBe(201);
    const before = await names('expense_types', 'expancetype');
    const response = await addType(name);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: apiMessages.expenseTypeTaken });
    expect(await names('expense_types', 'expancetype')).toEqual(before);
  });

  it('refuses renaming a type to another\u2019s name after normalising, and takes its own', async () => {
    expect((await addType('Office Rent')).statusCode).toBe(201);
    expect((await addType('Travel')).statusCode).toBe(201);
    const clash = await send('PUT', '/api/expance/updateexpancetype/2', {
      expancetype: 'office\u00A0 RENT',
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ message: apiMessages.expenseTypeTaken });
    const own = await send('PUT', '/api/expance/updateexpancetype/2', { expancetype: 'TRAVEL' });
    expect(own.statusCode).toBe(200);
    expect(await names('expense_types', 'expancetype')).toEqual(['Office Rent', 'TRAVEL']);
  });

  it('lets one of many look-alike names sent at the same time win', async () => {
    const answers = await Promise.all(
      ['Petty Cash', 'petty cash', 'PETTY\u00A0CASH', 'Petty  Cash', 'Petty\u2003Cash'].map(
        addType,
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    expect((await names('expense_types', 'expancetype')).length).toBe(1);
  });

  it('keys names stored before the rule at start; the database then refuses their look-alikes', async () => {
    await rows(
      ctx,
      "INSERT INTO expense_types (expancetype) VALUES ('Legacy Type'), ('legacy  TYPE'), ('Other')",
    );
    await keyUnkeyedExpenseTypes(ctx.database.db);
    expect(await rows(ctx, 'SELECT expancetype, name_key FROM expense_types ORDER BY id')).toEqual([
      { expancetype: 'Legacy Type', name_key: 'legacy type' },
      // The old rule let both in; the second keeps no key, and both stay as they were.
      { expancetype: 'legacy  TYPE', name_key: null },
      { expancetype: 'Other', name_key: 'other' },
    ]);
    expect((await addType('LEGACY\u00A0type')).statusCode).toBe(409);
    // Written straight into the table, around the server: the index still refuses it.
    await expect(
      rows(ctx, "INSERT INTO expense_types (expancetype, name_key) VALUES ('x', 'other')"),
    ).rejects.toThrow();
  });
});
