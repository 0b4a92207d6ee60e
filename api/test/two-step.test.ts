// Two-step sign-in (TOTP) and the own account: setting up, turning on, the code step of a
// sign-in with its replay and throttling rules, recovery codes, an admin turning it off, the
// admins' requirement, the secret at rest, and changing one's own password.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { NobleCryptoPlugin, ScureBase32Plugin, TOTP } from 'otplib';
import {
  ADMIN,
  STAFF,
  bearer,
  login,
  rows,
  setupDatabase,
  signInBoth,
  testConfig,
  type TestContext,
} from './helpers.js';
import { buildApp, type App } from '../src/app.js';
import type { AppConfig } from '../src/config.js';
import { KEY_FILE, parseTotpKey, resolveTotpKey } from '../src/lib/two-step-key.js';

const KEY = randomBytes(32);
const db = await setupDatabase({ totpKey: KEY });
let ctx: TestContext;

beforeEach(async () => {
  ctx = await db.resetKeepingApp();
});
afterAll(() => db.close());

const totp = new TOTP({ crypto: new NobleCryptoPlugin(), base32: new ScureBase32Plugin() });
/** The app's code for `secret`, `steps` time steps (30 s) from `at` (now, in ms). */
const codeAt = (secret: string, steps = 0, at = Date.now()) =>
  totp.generate({ secret, epoch: Math.floor(at / 1000) + steps * 30 });

type Who = { email: string; password: string };

const setUp = async (app: App, token: string) => {
  const response = await app.inject({
    method: 'POST',
    url: '/api/account/two-step/setup',
    headers: bearer(token),
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ secret: string; uri: string; qr: string }>();
};

/** Sets two-step up and turns it on for the user of `token`; answers the secret and codes. */
const turnOn = async (app: App, token: string) => {
  const { secret } = await setUp(app, token);
  const at = Date.now();
  const code = await codeAt(secret, 0, at);
  const response = await app.inject({
    method: 'POST',
    url: '/api/account/two-step/enable',
    headers: bearer(token),
    payload: { code },
  });
  expect(response.statusCode).toBe(200);
  const { recoveryCodes } = response.json<{ recoveryCodes: string[] }>();
  // The code it was turned on with, and when: a test that replays it or counts steps from it
  // does so from that step, not from a clock that may have passed into the next meanwhile.
  return { secret, recoveryCodes, code, at };
};

const passwordStep = (app: App, who: Who, remoteAddress?: string) =>
  app.inject({ method: 'POST', url: '/api/users/login', payload: who, remoteAddress });

const challengeFor = async (app: App, who: Who, remoteAddress?: string) => {
  const response = await passwordStep(app, who, remoteAddress);
  expect(response.statusCode).toBe(200);
  return response.json<{ twoStep: { challenge: string } }>().twoStep.challenge;
};

const codeStep = (app: App, challenge: string, code: string, remoteAddress?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/users/login/code',
    payload: { challenge, code },
    remoteAddress,
  });

const activity = (action: string) =>
  rows<{ actor_id: number | null; entity_id: string | null; after: unknown; before: unknown }>(
    ctx,
    `SELECT actor_id, entity_id, before, after FROM audit_log WHERE action = '${action}' ORDER BY id`,
  );

describe('setting two-step sign-in up on the own account', () => {
  it('answers a new secret with its otpauth URI and QR code, and stores the secret only encrypted', async () => {
    const admin = await login(ctx.app, ADMIN);
    const setup = await setUp(ctx.app, admin);
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.uri).toMatch(/^otpauth:\/\/totp\/Office%20Finance:admin%40test\.local\?/);
    expect(setup.uri).toContain(`secret=${setup.secret}`);
    expect(setup.qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(setup.qr.split(',')[1] ?? '', 'base64').toString()).toContain('<svg');

    const [row] = await rows<{ secret: string; enabled_at: unknown }>(
      ctx,
      'SELECT secret, enabled_at FROM two_step',
    );
    expect(row?.enabled_at).toBeNull();
    expect(row?.secret).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(row?.secret).not.toContain(setup.secret);
    expect(Buffer.from(row?.secret.split('.')[3] ?? '', 'base64url').toString()).not.toContain(
      setup.secret,
    );
  });

  it('is not on until a code from the app turns it on; a wrong code changes nothing', async () => {
    const admin = await login(ctx.app, ADMIN);
    const { secret } = await setUp(ctx.app, admin);
    const status = async () =>
      (await ctx.app.inject({ url: '/api/account/two-step', headers: bearer(admin) })).json();
    expect(await status()).toEqual({ enabled: false, recoveryCodesLeft: 0, required: false });
    // Without two-step on, the password alone still signs in.
    expect((await passwordStep(ctx.app, ADMIN)).json().token).toBeDefined();

    const wrongCode = String((Number(await codeAt(secret)) + 1) % 1_000_000).padStart(6, '0');
    for (const code of [wrongCode, 'not-a-code']) {
      const wrong = await ctx.app.inject({
        method: 'POST',
        url: '/api/account/two-step/enable',
        headers: bearer(admin),
        payload: { code },
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ message: 'Invalid code' });
    }
    expect(await status()).toEqual({ enabled: false, recoveryCodesLeft: 0, required: false });
    expect(await rows(ctx, 'SELECT * FROM two_step_recovery_codes')).toEqual([]);

    const on = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/two-step/enable',
      headers: bearer(admin),
      payload: { code: await codeAt(secret) },
    });
    expect(on.statusCode).toBe(200);
    const { message, recoveryCodes } = on.json<{ message: string; recoveryCodes: string[] }>();
    expect(message).toBe('Two-step sign-in is on');
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(await status()).toEqual({ enabled: true, recoveryCodesLeft: 10, required: false });
    // Only digests of the recovery codes are kept.
    const stored = await rows<{ code_hash: string }>(
      ctx,
      'SELECT code_hash FROM two_step_recovery_codes',
    );
    expect(stored).toHaveLength(10);
    for (const { code_hash } of stored) {
      expect(code_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(recoveryCodes.some((code) => code_hash.includes(code.replace('-', '')))).toBe(false);
    }
    // Audited, without the secret.
    const [audited] = await activity('two_step_on');
    expect(audited).toMatchObject({ actor_id: 1, entity_id: '1' });
    expect(JSON.stringify(audited)).not.toContain(secret);

    // Once on, setting up again or turning on again is refused.
    for (const url of ['/api/account/two-step/setup', '/api/account/two-step/enable']) {
      const again = await ctx.app.inject({
        method: 'POST',
        url,
        headers: bearer(admin),
        ...(url.endsWith('enable') ? { payload: { code: await codeAt(secret) } } : {}),
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ message: 'Two-step sign-in is already on' });
    }
  });

  it('refuses to turn on what was never set up', async () => {
    const admin = await login(ctx.app, ADMIN);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/two-step/enable',
      headers: bearer(admin),
      payload: { code: '123456' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: 'Set up two-step sign-in first' });
  });
});

describe('signing in with two-step sign-in on', () => {
  it('asks for the code after a correct password, and signs in with it', async () => {
    const { secret } = await turnOn(ctx.app, await login(ctx.app, ADMIN));
    const sessionsBefore = (await rows(ctx, 'SELECT id FROM sessions')).length;

    const first = await passwordStep(ctx.app, ADMIN);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toEqual({
      message: 'Enter the code from your authenticator app',
      twoStep: { challenge: expect.stringMatching(/^[\w-]{43}$/) },
    });
    expect(body.token).toBeUndefined();
    expect(await rows(ctx, 'SELECT id FROM sessions')).toHaveLength(sessionsBefore);
    // A wrong password still gets the spec's 401, and no code step.
    const wrongPassword = await passwordStep(ctx.app, { ...ADMIN, password: 'wrong-password' });
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongPassword.json()).toMatchObject({ message: 'Invalid credentials' });

    // The next step's code: the current one turned two-step on and is spent.
    const signedIn = await codeStep(ctx.app, body.twoStep.challenge, await codeAt(secret, 1));
    expect(signedIn.statusCode).toBe(200);
    const { token, message } = signedIn.json();
    expect(message).toBe('Login successful');
    const me = await ctx.app.inject({ url: '/api/sessions/current', headers: bearer(token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.email).toBe(ADMIN.email);
    // The challenge signs in once.
    const again = await codeStep(ctx.app, body.twoStep.challenge, await codeAt(secret, -1));
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({
      message: 'This sign-in has expired, please sign in again',
    });
  });

  it('refuses a wrong code with 401, and records it', async () => {
    const { secret } = await turnOn(ctx.app, await login(ctx.app, ADMIN));
    const challenge = await challengeFor(ctx.app, ADMIN);
    const right = await codeAt(secret, 1);
    const wrong = String((Number(right) + 500_000) % 1_000_000).padStart(6, '0');
    for (const code of [wrong, 'abcde-fghij']) {
      const response = await codeStep(ctx.app, challenge, code);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ message: 'Invalid code' });
    }
    expect(await activity('two_step_failed')).toEqual([
      expect.objectContaining({ actor_id: null, after: { email: ADMIN.email } }),
      expect.objectContaining({ actor_id: null, after: { email: ADMIN.email } }),
    ]);
    // The right code still works on the same challenge.
    expect((await codeStep(ctx.app, challenge, right)).statusCode).toBe(200);
  });

  it('refuses an unknown or expired challenge', async () => {
    const { secret } = await turnOn(ctx.app, await login(ctx.app, ADMIN));
    const unknown = await codeStep(ctx.app, 'x'.repeat(43), await codeAt(secret));
    expect(unknown.statusCode).toBe(401);
    const challenge = await challengeFor(ctx.app, ADMIN);
    await rows(ctx, `UPDATE two_step_challenges SET expires_at = now() - interval '1 second'`);
    const expired = await codeStep(ctx.app, challenge, await codeAt(secret));
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({
      message: 'This sign-in has expired, please sign in again',
    });
  });

  it('takes a code once: the same code again is refused, the next one is taken', async () => {
    const { secret, code, at } = await turnOn(ctx.app, await login(ctx.app, ADMIN));
    // The code that turned two-step on is spent too.
    const replayOfSetup = await codeStep(ctx.app, await challengeFor(ctx.app, ADMIN), code);
    expect(replayOfSetup.statusCode).toBe(401);
    expect(replayOfSetup.json()).toEqual({
      code: 'code_already_used',
      message: 'This code has already been used; wait for the next one',
    });

    const next = await codeAt(secret, 1, at);
    expect((await codeStep(ctx.app, await challengeFor(ctx.app, ADMIN), next)).statusCode).toBe(
      200,
    );
    const replay = await codeStep(ctx.app, await challengeFor(ctx.app, ADMIN), next);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({
      code: 'code_already_used',
      message: 'This code has already been used; wait for the next one',
    });
    // An older code, still inside the window, is refused once a newer one was taken.
    const older = await codeStep(
      ctx.app,
      await challengeFor(ctx.app, ADMIN),
      await codeAt(secret, -1, at),
    );
    expect(older.statusCode).toBe(401);
  });

  it('lets only one of two requests racing with the same code sign in', async () => {
    const { secret } = await turnOn(ctx.app, await login(ctx.app, ADMIN));
    const code = await codeAt(secret, 1);
    const challenges = await Promise.all([
      challengeFor(ctx.app, ADMIN),
      challengeFor(ctx.app, ADMIN),
      challengeFor(ctx.app, ADMIN),
    ]);
    const before = (await rows(ctx, 'SELECT id FROM sessions')).length;
    const answers = await Promise.all(challenges.map((one) => codeStep(ctx.app, one, code)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401, 401]);
    expect(await rows(ctx, 'SELECT id FROM sessions')).toHaveLength(before + 1);
  });

  it('takes each recovery code once, in place of a code, typed in any case', async () => {
    const token = await login(ctx.app, ADMIN);
    const { recoveryCodes } = await turnOn(ctx.app, token);
    const [code = ''] = recoveryCodes;
    const first = await codeStep(
      ctx.app,
      await challengeFor(ctx.app, ADMIN),
      ` ${code.toUpperCase()} `,
    );
    expect(first.statusCode).toBe(200);
    expect(first.json().token).toBeDefined();
    const again = await codeStep(ctx.app, await challengeFor(ctx.app, ADMIN), code);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ message: 'Invalid code' });
    const status = await ctx.app.inject({ url: '/api/account/two-step', headers: bearer(token) });
    expect(status.json()).toEqual({ enabled: true, recoveryCodesLeft: 9, required: false });
  });
});

describe('throttling of codes', () => {
  const opened: App[] = [];
  const appWith = async (overrides: Partial<AppConfig>) => {
    const app = await buildApp(testConfig({ totpKey: KEY, ...overrides }), {
      database: ctx.database,
      logger: false,
    });
    opened.push(app);
    return app;
  };
  afterEach(async () => {
    for (const app of opened.splice(0)) await app.close();
  });

  it('answers 429 to an address after too many wrong codes, yet the owner elsewhere still signs in', async () => {
    const app = await appWith({
      login: {
        perIpPerMinute: 1000,
        perEmailFailures: 3,
        perEmailWindowMinutes: 15,
        maxDelaySeconds: 1,
      },
    });
    const { secret } = await turnOn(app, await login(app, ADMIN));
    const stranger = '198.51.100.7';
    const owner = '203.0.113.20';
    // The stranger knows the password (or holds a challenge) but not the phone.
    const strangers = await challengeFor(app, ADMIN, stranger);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1)
      statuses.push((await codeStep(app, strangers, '000000', stranger)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    const refused = await codeStep(app, strangers, await codeAt(secret, 1), stranger);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      message: 'Too many login attempts, please try again later',
    });

    // The owner, from their own address, is slowed down at most, never locked out.
    const started = Date.now();
    const mine = await codeStep(
      app,
      await challengeFor(app, ADMIN, owner),
      await codeAt(secret, 1),
      owner,
    );
    expect(mine.statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('counts wrong codes sent all at once from one address exactly', async () => {
    const app = await appWith({
      login: {
        perIpPerMinute: 1000,
        perEmailFailures: 3,
        perEmailWindowMinutes: 15,
        maxDelaySeconds: 1,
      },
    });
    await turnOn(app, await login(app, ADMIN));
    const challenge = await challengeFor(app, ADMIN);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => codeStep(app, challenge, '000000')),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([
      401, 401, 401, 429, 429, 429, 429, 429,
    ]);
  });
});

describe('turning two-step sign-in off', () => {
  it('lets an admin turn it off for a user who lost their phone, audited; staff may not', async () => {
    const { admin, staff } = await signInBoth(ctx.app);
    await turnOn(ctx.app, staff);
    const list = await ctx.app.inject({ url: '/api/users/two-step', headers: bearer(admin) });
    expect(list.json()).toEqual({ userIds: [2] });

    const forbidden = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/users/two-step/2',
      headers: bearer(staff),
    });
    expect(forbidden.statusCode).toBe(403);
    expect(
      (await ctx.app.inject({ url: '/api/users/two-step', headers: bearer(staff) })).statusCode,
    ).toBe(403);

    const off = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/users/two-step/2',
      headers: bearer(admin),
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ message: 'Two-step sign-in is off' });
    expect(await activity('two_step_off')).toEqual([
      expect.objectContaining({
        actor_id: 1,
        entity_id: '2',
        after: { email: STAFF.email, twoStep: false },
      }),
    ]);
    expect(await rows(ctx, 'SELECT * FROM two_step_recovery_codes')).toEqual([]);
    // The password alone signs the user in again.
    expect((await passwordStep(ctx.app, STAFF)).json().token).toBeDefined();

    const notOn = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/users/two-step/2',
      headers: bearer(admin),
    });
    expect(notOn.statusCode).toBe(404);
    expect(notOn.json()).toMatchObject({ message: 'Two-step sign-in is not on for this user' });
    const nobody = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/users/two-step/99',
      headers: bearer(admin),
    });
    expect(nobody.statusCode).toBe(404);
  });

  it('lets users turn their own off with their password', async () => {
    const token = await login(ctx.app, ADMIN);
    await turnOn(ctx.app, token);
    const turnOff = (password: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/account/two-step/disable',
        headers: bearer(token),
        payload: { password },
      });
    const wrong = await turnOff('wrong-password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: 'The password is not right' });
    expect(await rows(ctx, 'SELECT user_id FROM two_step')).toEqual([{ user_id: 1 }]);
    expect((await turnOff(ADMIN.password)).statusCode).toBe(200);
    expect(await rows(ctx, 'SELECT user_id FROM two_step')).toEqual([]);
  });
});

describe('requiring two-step sign-in for every admin', () => {
  const require = (token: string, value: boolean) =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/settings/security',
      headers: bearer(token),
      payload: { requireTwoStepForAdmins: value },
    });
  const SECOND_ADMIN = { email: 'second-admin@test.local', password: 'second-admin-pass-1' };

  it('is an admins-only setting, taken from an admin with two-step on, audited', async () => {
    const { admin, staff } = await signInBoth(ctx.app);
    const refused = await require(staff, true);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      message: 'Only admins can change the security settings',
    });
    const notYet = await require(admin, true);
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json()).toEqual({
      code: 'two_step_own_first',
      message: 'Turn on your own two-step sign-in before requiring it of every admin',
    });
    await turnOn(ctx.app, admin);
    expect((await require(admin, true)).json()).toEqual({ requireTwoStepForAdmins: true });
    const read = await ctx.app.inject({ url: '/api/settings/security', headers: bearer(staff) });
    expect(read.json()).toEqual({ requireTwoStepForAdmins: true });
    expect(await activity('update')).toEqual([
      expect.objectContaining({
        actor_id: 1,
        before: { requireTwoStepForAdmins: false },
        after: { requireTwoStepForAdmins: true },
      }),
    ]);
  });

  it('lets an admin without it do nothing but set it up, and leaves staff alone', async () => {
    const { admin, staff } = await signInBoth(ctx.app);
    const added = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/register',
      headers: bearer(admin),
      payload: { name: 'Second Admin', ...SECOND_ADMIN, role: 'admin' },
    });
    expect(added.statusCode).toBe(201);
    await turnOn(ctx.app, admin);
    await require(admin, true);
    const second = await login(ctx.app, SECOND_ADMIN);

    const blocked = await ctx.app.inject({ url: '/api/dashboard/totals', headers: bearer(second) });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toEqual({
      code: 'two_step_setup_required',
      message:
        'Two-step sign-in is required for admins: set it up on My account before anything else',
    });
    const me = await ctx.app.inject({ url: '/api/sessions/current', headers: bearer(second) });
    expect(me.json()).toMatchObject({
      user: { email: SECOND_ADMIN.email },
      twoStepSetupRequired: true,
    });
    const status = await ctx.app.inject({ url: '/api/account/two-step', headers: bearer(second) });
    expect(status.json()).toEqual({ enabled: false, recoveryCodesLeft: 0, required: true });
    for (const token of [admin, staff]) {
      const totals = await ctx.app.inject({ url: '/api/dashboard/totals', headers: bearer(token) });
      expect(totals.statusCode).toBe(200);
    }

    await turnOn(ctx.app, second);
    const now = await ctx.app.inject({ url: '/api/dashboard/totals', headers: bearer(second) });
    expect(now.statusCode).toBe(200);
    const meNow = await ctx.app.inject({ url: '/api/sessions/current', headers: bearer(second) });
    expect(meNow.json().twoStepSetupRequired).toBeUndefined();
    // While required, an admin cannot turn their own off.
    const off = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/two-step/disable',
      headers: bearer(second),
      payload: { password: SECOND_ADMIN.password },
    });
    expect(off.statusCode).toBe(409);
    expect(off.json()).toEqual({
      code: 'two_step_required_for_admins',
      message: 'Two-step sign-in is required for admins and cannot be turned off',
    });
  });
});

describe('changing the own password', () => {
  const change = (token: string, currentPassword: string, newPassword: string) =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/account/password',
      headers: bearer(token),
      payload: { currentPassword, newPassword },
    });
  const hash = async () =>
    (await rows<{ password_hash: string }>(ctx, 'SELECT password_hash FROM users WHERE id = 1'))[0]
      ?.password_hash;

  it('refuses a wrong current password or a too short new one, changing nothing', async () => {
    const token = await login(ctx.app, ADMIN);
    const before = await hash();
    const wrong = await change(token, 'wrong-password', 'a-new-password-1');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: 'The current password is not right' });
    const short = await change(token, ADMIN.password, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ message: 'password must be at least 8 characters' });
    // The project's password rules apply here as on Add and Edit User.
    const common = await change(token, ADMIN.password, 'password1');
    expect(common.statusCode).toBe(400);
    expect(await hash()).toBe(before);
    expect(await hash()).toBe(before);
    // The session is still good (a 400, not a 401 that would sign the browser out).
    expect(
      (await ctx.app.inject({ url: '/api/sessions/current', headers: bearer(token) })).statusCode,
    ).toBe(200);
  });

  it('changes it, ends the other sessions of the user and keeps this one', async () => {
    const { admin: other } = await signInBoth(ctx.app);
    const current = await login(ctx.app, ADMIN);
    const staffToken = await login(ctx.app, STAFF);
    const changed = await change(current, ADMIN.password, 'a-new-password-1');
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ message: 'Password changed' });
    const me = (token: string) =>
      ctx.app.inject({ url: '/api/sessions/current', headers: bearer(token) });
    expect((await me(current)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(staffToken)).statusCode).toBe(200);
    expect((await passwordStep(ctx.app, ADMIN)).statusCode).toBe(401);
    expect(
      (await passwordStep(ctx.app, { ...ADMIN, password: 'a-new-password-1' })).statusCode,
    ).toBe(200);
    expect(await activity('password_changed')).toEqual([
      expect.objectContaining({ actor_id: 1, entity_id: '1' }),
    ]);
  });
});

describe('the key of the secrets', () => {
  it('reads TOTP_KEY as 64 hex digits or base64 of 32 bytes, and refuses anything else', () => {
    const key = randomBytes(32);
    expect(parseTotpKey(key.toString('hex'))).toEqual(key);
    expect(parseTotpKey(key.toString('base64'))).toEqual(key);
    expect(parseTotpKey(key.toString('base64url'))).toEqual(key);
    expect(parseTotpKey(undefined)).toBeUndefined();
    for (const bad of ['secret', 'ab'.repeat(31), randomBytes(16).toString('hex')])
      expect(() => parseTotpKey(bad)).toThrow(/^TOTP_KEY must be 32 bytes/);
  });

  it('is generated once into the data directory of the embedded database, readable by the owner only', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'totp-key-'));
    try {
      const first = await resolveTotpKey({ dataDir });
      const second = await resolveTotpKey({ dataDir });
      expect(first).toHaveLength(32);
      expect(second).toEqual(first);
      expect((await readFile(path.join(dataDir, KEY_FILE), 'utf8')).trim()).toBe(
        first?.toString('hex'),
      );
      expect((await stat(path.join(dataDir, KEY_FILE))).mode & 0o777).toBe(0o600);
      // A configured key wins; on PostgreSQL without one there is none.
      expect(await resolveTotpKey({ dataDir, totpKey: KEY })).toEqual(KEY);
      expect(
        await resolveTotpKey({ dataDir, databaseUrl: 'postgres://db/office' }),
      ).toBeUndefined();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('without a key (PostgreSQL without TOTP_KEY), refuses to set two-step up with a clear message', async () => {
    const app = await buildApp(
      testConfig({ databaseUrl: 'postgres://unused.invalid/office', totpKey: undefined }),
      { database: ctx.database, logger: false },
    );
    try {
      const token = await login(app, ADMIN);
      const response = await app.inject({
        method: 'POST',
        url: '/api/account/two-step/setup',
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        code: 'two_step_no_key',
        message:
          'Two-step sign-in cannot be set up: the server has no TOTP_KEY in its configuration',
      });
      expect(await rows(ctx, 'SELECT * FROM two_step')).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('does not open a secret with another key: its codes are refused', async () => {
    const { secret } = await turnOn(ctx.app, await login(ctx.app, ADMIN));
    const app = await buildApp(testConfig({ totpKey: randomBytes(32) }), {
      database: ctx.database,
      logger: false,
    });
    try {
      const response = await codeStep(app, await challengeFor(app, ADMIN), await codeAt(secret, 1));
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ message: 'Invalid code' });
    } finally {
      await app.close();
    }
  });
});
