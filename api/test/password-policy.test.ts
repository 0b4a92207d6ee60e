// New passwords follow NIST SP 800-63B: 8 to 128 characters, not only white space or invisible
// ones, no control characters, not the user's e-mail or name, not on the list of common
// passwords; any printable Unicode, compared in NFKC. Each broken rule has its own message, and
// users whose existing password breaks a rule still sign in.
import { dictionary } from '@zxcvbn-ts/language-common';
import { apiMessages } from 'contract';
import { argon2id } from './password-hashes.js';
import { PASSWORD_MIN_LENGTH, passwordProblem } from '../src/lib/password-policy.js';
import { ADMIN, bearer, login, rows, setupDatabase, type TestContext } from './helpers.js';

const setup = setupDatabase();
let db: Awaited<typeof setup>;
let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  db = await setup;
});
beforeEach(async () => {
  ctx = await db.resetKeepingApp();
  admin = await login(ctx.app, ADMIN);
});
afterAll(async () => db.close());

const register = (password: string, name = 'Patricia Doe', email = 'patricia.doe@test.local') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/users/register',
    headers: bearer(admin),
    payload: { name, email, password },
  });
const signIn = (email: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password } });
const userCount = async () => (await rows(ctx, 'SELECT id FROM users')).length;

describe('a new password', () => {
  it.each([
    ['eight spaces', ' '.repeat(8), apiMessages.passwordBlank],
    ['eight zero-width spaces', '\u200B'.repeat(8), apiMessages.passwordBlank],
    ['spaces and fillers', '\u3000 \u3164\u2800 \u00A0\uFEFF\u2060', apiMessages.passwordBlank],
    ['password', 'password', apiMessages.passwordCommon],
    ['12345678', '12345678', apiMessages.passwordCommon],
    ['a common one in capitals', 'PASSWORD1', apiMessages.passwordCommon],
    [
      'a common one in full-width letters',
      '\uFF49\uFF4C\uFF4F\uFF56\uFF45\uFF59\uFF4F\uFF55',
      apiMessages.passwordCommon,
    ],
    ['qwertyuiop', 'qwertyuiop', apiMessages.passwordCommon],
    ['the own e-mail', 'patricia.doe@test.local', apiMessages.passwordPersonal],
    ['the own e-mail in capitals', 'PATRICIA.DOE@TEST.LOCAL', apiMessages.passwordPersonal],
    ['the part of the e-mail before the @', 'patricia.doe', apiMessages.passwordPersonal],
    ['the own name', 'PATRICIA  doe', apiMessages.passwordPersonal],
    ['a tab inside', 'long\tenough-pw', apiMessages.passwordControlCharacters],
    ['a line break inside', 'long-enough\npw', apiMessages.passwordControlCharacters],
  ])('refuses %s with 400 saying which rule, and adds no user', async (_, password, message) => {
    const before = await userCount();
    const response = await register(password);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message });
    expect(await userCount()).toBe(before);
  });

  it('refuses the name of the user, in any case and spacing', async () => {
    const response = await register('patricia doe-smith', 'Patricia Doe-Smith');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: apiMessages.passwordPersonal });
  });

  it('refuses a password that NFKC makes longer than 128 characters', async () => {
    // 43 × U+FB03 (ﬃ) is 43 characters as sent and 129 once normalised.
    const response = await register('\uFB03'.repeat(43));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: apiMessages.passwordTooLong });
  });

  it('refuses weak passwords when an admin changes one, and keeps the old one', async () => {
    expect((await register('correct horse battery')).statusCode).toBe(201);
    const id = (
      await rows<{ id: number }>(ctx, "SELECT id FROM users WHERE name = 'Patricia Doe'")
    )[0]?.id;
    for (const [password, message] of [
      [' '.repeat(10), apiMessages.passwordBlank],
      ['iloveyou', apiMessages.passwordCommon],
      ['Patricia.Doe@test.local', apiMessages.passwordPersonal],
      ['Patty Doe Renamed'.replace(/ /g, ''), apiMessages.passwordPersonal],
    ]) {
      const response = await ctx.app.inject({
        method: 'PUT',
        url: `/api/users/updateuser/${id}`,
        headers: bearer(admin),
        payload: { name: 'Patty Doe Renamed', password, role: 'staff' },
      });
      expect({ password, status: response.statusCode, body: response.json() }).toEqual({
        password,
        status: 400,
        body: { code: expect.any(String), message },
      });
    }
    expect((await signIn('patricia.doe@test.local', 'correct horse battery')).statusCode).toBe(200);
  });

  it('takes any printable Unicode, spaces included, and signs in with it as typed elsewhere', async () => {
    // Full-width letters (an East Asian keyboard) and the ligature ﬁ are the same password in
    // NFKC as their plain letters; a decomposed é is the same as a composed one.
    expect((await register('ｐａｓｓ ｐｈｒａｓｅ ﬁne café')).statusCode).toBe(201);
    for (const typed of ['pass phrase fine café', 'ｐａｓｓ ｐｈｒａｓｅ ﬁne cafe\u0301'])
      expect((await signIn('patricia.doe@test.local', typed)).statusCode).toBe(200);
    expect((await signIn('patricia.doe@test.local', 'pass phrase fine cafe')).statusCode).toBe(401);
    expect((await register('пароль для входа 🔑', 'Ann Lee', 'ann@test.local')).statusCode).toBe(
      201,
    );
  });
});

describe('existing passwords', () => {
  it('still sign in when they break a rule today (eight spaces)', async () => {
    const hash = await argon2id(' '.repeat(8), ctx.config.argon2, 'NFC');
    await rows(
      ctx,
      `INSERT INTO users (name, email, password_hash, role) VALUES ('Old User', 'old@test.local', '${hash}', 'staff')`,
    );
    expect((await signIn('old@test.local', ' '.repeat(8))).statusCode).toBe(200);
    expect((await signIn('old@test.local', ' '.repeat(9))).statusCode).toBe(401);
  });

  it('made of the NFC form still sign in, and are stored again in NFKC', async () => {
    // Before, hashes were made of the NFC form: the full-width letters stayed as they were.
    const password = 'ｆｕｌｌ width pass';
    const hash = await argon2id(password, ctx.config.argon2, 'NFC');
    await rows(
      ctx,
      `INSERT INTO users (name, email, password_hash, role) VALUES ('Old User', 'old@test.local', '${hash}', 'staff')`,
    );
    expect((await signIn('old@test.local', password)).statusCode).toBe(200);
    const stored = (
      await rows<{ password_hash: string }>(
        ctx,
        "SELECT password_hash FROM users WHERE email = 'old@test.local'",
      )
    )[0]?.password_hash;
    expect(stored).not.toBe(hash);
    // The new hash is of the NFKC form: the plain letters now sign in too.
    expect((await signIn('old@test.local', 'full width pass')).statusCode).toBe(200);
    expect((await signIn('old@test.local', password)).statusCode).toBe(200);
  });
});

describe('passwordProblem', () => {
  it('is the one check, and names no problem for a good password', () => {
    expect(passwordProblem('correct horse battery', { email: 'a@b.c', name: 'A' })).toBe(undefined);
    expect(passwordProblem('short')).toBe(apiMessages.passwordTooShort);
    expect(passwordProblem('x'.repeat(129))).toBe(apiMessages.passwordTooLong);
    expect(passwordProblem('x'.repeat(128))).toBe(undefined);
  });

  it('refuses every password of the common list long enough to pass the length rule', () => {
    const listed = (dictionary['passwords-common'] as string[]).filter(
      (password) => [...password].length >= PASSWORD_MIN_LENGTH,
    );
    expect(listed.length).toBeGreaterThan(10_000);
    const taken = listed.filter(
      (password) => passwordProblem(password) !== apiMessages.passwordCommon,
    );
    expect(taken).toEqual([]);
  });
});
