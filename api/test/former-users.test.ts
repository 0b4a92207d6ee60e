// Deleting a user who recorded entries: the delete succeeds, the user is signed out and can no
// longer sign in, and the journal and the Activity screen go on naming them as a former user,
// with their e-mail, so that two people of one name are told apart.
import type { ActivityPage, JournalPage } from 'contract';
import { seedParties } from './fixtures.js';
import {
  ADMIN,
  STAFF,
  bearer,
  login,
  rows,
  setupDatabase,
  signInBoth,
  type TestContext,
} from './helpers.js';

const db = await setupDatabase();
let ctx: TestContext;

beforeEach(async () => {
  ctx = await db.resetKeepingApp();
  await seedParties(ctx);
});
afterAll(() => db.close());

const STAFF_NAME = 'Staff Member';
const FORMER = `${STAFF_NAME} (former user) <${STAFF.email}>`;

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string) =>
  ctx.app.inject({ method, url, headers: token ? bearer(token) : {} });

async function recordIncome(token: string, description: string): Promise<number> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/incoms/addIncome',
    headers: bearer(token),
    payload: { clientId: 1, amount: 250, description, Creditdebit: 'Credit' },
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ entry: { id: number } }>().entry.id;
}

const deleteUser = (admin: string, id: number) =>
  inject('DELETE', `/api/users/deleteUser/${id}`, admin);

/** The admin and a staff user who recorded one income, then deleted by the admin. */
async function staffRecordedThenDeleted() {
  const { admin, staff } = await signInBoth(ctx.app);
  const entryId = await recordIncome(staff, 'Paid by Sam');
  const response = await deleteUser(admin, 2);
  return { admin, staff, entryId, response };
}

describe('deleting a user who recorded entries', () => {
  it('answers 200 with the spec message and keeps their entries as they were', async () => {
    const { admin } = await signInBoth(ctx.app);
    await recordIncome(admin, 'Before');
    const staff = await login(ctx.app, STAFF);
    await recordIncome(staff, 'Paid by Sam');
    const before = await rows(ctx, 'SELECT * FROM entries ORDER BY id');

    const response = await deleteUser(admin, 2);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: 'User deleted successfully!' });
    expect(await rows(ctx, 'SELECT * FROM entries ORDER BY id')).toEqual(before);
    const list = await inject('GET', '/api/users/getUser', admin);
    expect(list.json<{ users: { email: string }[] }>().users.map((u) => u.email)).toEqual([
      ADMIN.email,
    ]);
  });

  it('ends their sessions at once and refuses their sign-in as a wrong password is refused', async () => {
    const { staff, response } = await staffRecordedThenDeleted();
    expect(response.statusCode).toBe(200);

    const withOldToken = await inject('GET', '/api/journal', staff);
    expect(withOldToken.statusCode).toBe(401);
    expect(await rows(ctx, 'SELECT id FROM sessions WHERE user_id = 2')).toEqual([]);

    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: STAFF,
    });
    const wrongPassword = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: ADMIN.email, password: 'not-the-password' },
    });
    expect(signIn.statusCode).toBe(401);
    expect(signIn.json()).toEqual(wrongPassword.json());
  });

  it('names them as a former user, with their e-mail, in the journal and its CSV', async () => {
    const { admin, entryId } = await staffRecordedThenDeleted();

    const page = await inject('GET', '/api/journal', admin);
    expect(page.statusCode).toBe(200);
    const row = page.json<JournalPage>().entries.find((entry) => entry.id === entryId);
    expect(row?.recordedBy).toEqual({ id: 2, name: STAFF_NAME, email: STAFF.email, former: true });

    const csv = await inject('GET', '/api/journal/csv', admin);
    const line = csv.body.split('\r\n').find((text) => text.startsWith(`${entryId},`));
    expect(line?.split(',')[7]).toBe(FORMER);
  });

  it('names them as a former user on the Activity screen and its CSV, and shows the delete', async () => {
    const { admin, entryId } = await staffRecordedThenDeleted();

    const activity = (await inject('GET', '/api/activity', admin)).json<ActivityPage>().users;
    const recorded = activity.find(
      (row) => row.kind === 'entry:income' && row.recordId === String(entryId),
    );
    expect(recorded?.actor).toEqual({ id: 2, name: STAFF_NAME, email: STAFF.email, former: true });
    const deletion = activity.find((row) => row.action === 'delete');
    expect(deletion).toMatchObject({
      kind: 'user',
      recordId: '2',
      actor: { id: 1, name: 'Admin', email: ADMIN.email, former: false },
    });
    expect(deletion?.changes).toEqual(
      expect.arrayContaining([
        { field: 'name', before: STAFF_NAME, after: null },
        { field: 'email', before: STAFF.email, after: null },
      ]),
    );

    const csv = await inject('GET', '/api/activity/csv?kind=entry:income', admin);
    expect(csv.body).toContain(`,${FORMER},create,entry:income,${entryId},`);
  });

  it('lets a new user take the e-mail, and tells the two apart in the journal', async () => {
    const { admin } = await staffRecordedThenDeleted();

    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/register',
      headers: bearer(admin),
      payload: {
        name: STAFF_NAME,
        email: STAFF.email.toUpperCase(),
        password: 'another-password-2',
        role: 'staff',
      },
    });
    expect(again.statusCode).toBe(201);
    const newcomer = await login(ctx.app, { email: STAFF.email, password: 'another-password-2' });
    const newEntry = await recordIncome(newcomer, 'Paid by the new Sam');
    // The old password opens nothing.
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/users/login', payload: STAFF }))
        .statusCode,
    ).toBe(401);

    const journal = (await inject('GET', '/api/journal', admin)).json<JournalPage>().entries;
    expect(journal.map((row) => [row.description, row.recordedBy])).toEqual([
      [
        'Paid by the new Sam',
        { id: 3, name: STAFF_NAME, email: STAFF.email.toUpperCase(), former: false },
      ],
      ['Paid by Sam', { id: 2, name: STAFF_NAME, email: STAFF.email, former: true }],
    ]);
    expect(newEntry).toBeGreaterThan(0);
    // A second current user with that e-mail is still refused.
    const third = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/register',
      headers: bearer(admin),
      payload: { name: 'Other', email: STAFF.email, password: 'third-password-3' },
    });
    expect(third.statusCode).toBe(409);
  });

  it('answers 404 to deleting, editing or ending the sessions of a former user', async () => {
    const { admin } = await staffRecordedThenDeleted();
    const again = await deleteUser(admin, 2);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ message: 'User not found' });
    const edit = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/updateuser/2',
      headers: bearer(admin),
      payload: { name: 'Back again', role: 'admin' },
    });
    expect(edit.statusCode).toBe(404);
    expect((await inject('DELETE', '/api/sessions/user/2', admin)).statusCode).toBe(404);
    expect(await rows(ctx, 'SELECT name, role FROM users WHERE id = 2')).toEqual([
      { name: STAFF_NAME, role: 'staff' },
    ]);
  });

  it('counts only current admins, and keeps the last-admin rule', async () => {
    const { admin } = await signInBoth(ctx.app);
    const promote = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/updateuser/2',
      headers: bearer(admin),
      payload: { name: STAFF_NAME, role: 'admin' },
    });
    expect(promote.statusCode).toBe(200);
    expect((await deleteUser(admin, 2)).statusCode).toBe(200);

    const totals = await inject('GET', '/api/dashboard/totals', admin);
    expect(totals.json()).toMatchObject({ admins: 1 });
    const demote = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/updateuser/1',
      headers: bearer(admin),
      payload: { name: 'Admin', role: 'staff' },
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toMatchObject({ message: 'The last admin cannot be deleted or demoted' });
  });

  it('never rewrites who did what, even when a user row is removed by hand', async () => {
    // The staff user's sign-in is in the audit log under their id.
    const { admin } = await signInBoth(ctx.app);
    expect((await deleteUser(admin, 2)).statusCode).toBe(200);

    await expect(rows(ctx, 'DELETE FROM users WHERE id = 2')).rejects.toThrow();
    expect(await rows(ctx, 'SELECT action FROM audit_log WHERE actor_id = 2')).toEqual([
      { action: 'login' },
    ]);
    await recordIncome(admin, 'Mine');
    await expect(rows(ctx, 'UPDATE entries SET created_by = NULL')).rejects.toThrow();
  });
});
