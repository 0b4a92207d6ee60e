// Password storage: new hashes are argon2id at the configured cost; hashes of the first release
// (scrypt) still sign in and are replaced by argon2id at that sign-in.
import { apiMessages, messages } from 'contract';
import { buildApp } from '../src/app.js';
import { ADMIN, bearer, login, rows, setupDatabase, type TestContext } from './helpers.js';

const db = await setupDatabase();
let ctx: TestContext;

beforeEach(async () => {
  ctx = await db.resetKeepingApp();
});
afterAll(() => db.close());

// Written by the first release's hashPassword (scrypt at OWASP's N=2^17, r=8, p=1) for the
// password below: the stored form every existing account has.
const LEGACY = {
  email: 'legacy@test.local',
  password: 'legacy-password-1',
  hash: 'scrypt$131072$8$1$MV17XmVPnaXBFA-7onzyfg$A50zJmNK_Hl7NilXg6bjMVLnP1F3iSd0N-JEka4AVd62pw_rKE3LUe7TZTRUQItJZ4YFRr3yuZC-1VPQ8vS3Jw',
};

const signIn = ({ email, password }: { email: string; password: string }) =>
  ctx.app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password } });

const storedHash = async (email: string) =>
  (
    await rows<{ password_hash: string }>(
      ctx,
      `SELECT password_hash FROM users WHERE email = '${email}'`,
    )
  )[0]?.password_hash;

async function addLegacyUser(): Promise<void> {
  await rows(
    ctx,
    `INSERT INTO users (name, email, password_hash, role)
     VALUES ('Legacy User', '${LEGACY.email}', '${LEGACY.hash}', 'staff')`,
  );
}

describe('password storage', () => {
  it('stores new passwords as argon2id with the configured cost', async () => {
    const token = await login(ctx.app, ADMIN);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/register',
      headers: bearer(token),
      payload: { name: 'New User', email: 'new@test.local', password: 'new-password-1' },
    });
    expect(created.statusCode).toBe(201);
    const { memoryKib, iterations, parallelism } = ctx.config.argon2;
    expect(await storedHash('new@test.local')).toMatch(
      new RegExp(`^\\$argon2id\\$v=19\\$m=${memoryKib},t=${iterations},p=${parallelism}\\$`),
    );
    expect(
      await login(ctx.app, { email: 'new@test.local', password: 'new-password-1' }),
    ).toBeTruthy();
  });

  it('signs in a user stored with a scrypt hash and upgrades the hash to argon2id', async () => {
    await addLegacyUser();

    const first = await signIn(LEGACY);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ message: apiMessages.loggedIn });
    const upgraded = await storedHash(LEGACY.email);
    expect(upgraded).toMatch(/^\$argon2id\$/);
    expect(upgraded).not.toContain(LEGACY.password);

    // The same password still works against the new hash, and nothing else does.
    const again = await signIn(LEGACY);
    expect(again.statusCode).toBe(200);
    expect(await storedHash(LEGACY.email)).toBe(upgraded);
    const wrong = await signIn({ email: LEGACY.email, password: 'legacy-password-2' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ message: messages.invalidCredentials });
  });

  it('refuses a wrong password for a scrypt hash with the usual message and keeps the hash', async () => {
    await addLegacyUser();
    const wrong = await signIn({ email: LEGACY.email, password: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ message: messages.invalidCredentials });
    expect(await storedHash(LEGACY.email)).toBe(LEGACY.hash);
    const unknown = await signIn({ email: 'nobody@test.local', password: 'not-the-password' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({ message: messages.invalidCredentials });
  });

  it('rehashes an argon2id hash of another cost at the next sign-in', async () => {
    const before = await storedHash(ADMIN.email);
    const argon2 = { ...ctx.config.argon2, iterations: ctx.config.argon2.iterations + 1 };
    const app = await buildApp(
      { ...ctx.config, argon2 },
      { database: ctx.database, logger: false },
    );
    const response = await app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: ADMIN,
    });
    expect(response.statusCode).toBe(200);
    const after = await storedHash(ADMIN.email);
    expect(after).not.toBe(before);
    expect(after).toContain(`,t=${argon2.iterations},`);
    await app.close();
  });

  it('answers 401, not an error, for a stored hash it cannot read', async () => {
    await rows(
      ctx,
      `INSERT INTO users (name, email, password_hash, role)
       VALUES ('Odd', 'odd@test.local', '$argon2id$v=19$m=1024,t=1,p=1$broken', 'staff'),
              ('Odder', 'odder@test.local', 'scrypt$1024$8$1$$', 'staff')`,
    );
    for (const email of ['odd@test.local', 'odder@test.local']) {
      const response = await signIn({ email, password: 'whatever-1' });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ message: messages.invalidCredentials });
    }
  });
});
