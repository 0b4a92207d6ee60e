// Repeating entries (issue 23): the days a schedule comes around on (month ends, leap years, a
// start on the 31st), the due list, posting each occurrence once (also under 20 posts at once
// and from the server's own automatic posting), skipping, pausing and ending, closed periods, and
// undoing a posted batch.
import { apiMessages } from 'contract';
import { rows, setupDatabase, signInBoth, type TestContext, requestAs } from './helpers.js';
import { seedParties } from './fixtures.js';
import { addDays, todayIn } from '../src/lib/dates.js';
import { isOccurrence, occurrencesBetween } from '../src/lib/recurrence.js';
import { postDueAutomatically } from '../src/repositories/recurring-auto.js';
import { buildApp } from '../src/app.js';

describe('the days a schedule comes around on', () => {
  const days = (
    repeats: 'weekly' | 'monthly' | 'quarterly' | 'yearly',
    starts: string,
    to: string,
    ends: string | null = null,
  ) => occurrencesBetween({ repeats, starts, ends }, starts, to);

  it('monthly from the 31st: the last day of shorter months, the 31st again after them', () => {
    expect(days('monthly', '2026-01-31', '2026-05-31')).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
    ]);
    expect(days('monthly', '2024-01-30', '2024-03-30')).toEqual([
      '2024-01-30',
      '2024-02-29',
      '2024-03-30',
    ]);
  });

  it('yearly from 29 February: 28 February in common years, 29 in leap years', () => {
    expect(days('yearly', '2024-02-29', '2028-03-01')).toEqual([
      '2024-02-29',
      '2025-02-28',
      '2026-02-28',
      '2027-02-28',
      '2028-02-29',
    ]);
  });

  it('quarterly and weekly, stopping at the end day; the start counts', () => {
    expect(days('quarterly', '2025-11-30', '2026-12-31', '2026-08-30')).toEqual([
      '2025-11-30',
      '2026-02-28',
      '2026-05-30',
      '2026-08-30',
    ]);
    expect(days('weekly', '2026-02-26', '2026-03-20')).toEqual([
      '2026-02-26',
      '2026-03-05',
      '2026-03-12',
      '2026-03-19',
    ]);
    expect(
      isOccurrence({ repeats: 'monthly', starts: '2026-01-31', ends: null }, '2026-02-28'),
    ).toBe(true);
    expect(
      isOccurrence({ repeats: 'monthly', starts: '2026-01-31', ends: null }, '2026-02-27'),
    ).toBe(false);
    expect(
      isOccurrence({ repeats: 'monthly', starts: '2026-01-31', ends: '2026-03-01' }, '2026-03-31'),
    ).toBe(false);
  });
});

const db = await setupDatabase();
let ctx: TestContext;
let admin: string;
let staff: string;
afterAll(() => db.close());
const today = todayIn('UTC');

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, who = staff) =>
  requestAs(ctx.app, who, method, url, payload);

/** A weekly rent schedule (expense type 1) whose start is 14 days ago: three occurrences due. */
const weeklyRent = async (extra: object = {}) => {
  const added = await call('POST', '/api/recurring', {
    kind: 'expense',
    partyId: 1,
    creditDebit: 'Credit',
    amount: 700,
    description: 'Office rent',
    repeats: 'weekly',
    starts: addDays(today, -14),
    ...extra,
  });
  expect(added.status).toBe(201);
  return added.body.schedule.id as number;
};
const due = [addDays(today, -14), addDays(today, -7), today];

const entryDays = async () =>
  (
    await rows<{ d: string }>(
      ctx,
      `SELECT entry_date::text AS d FROM entries WHERE reverses_id IS NULL ORDER BY entry_date, id`,
    )
  ).map((row) => row.d);

describe('with the database', () => {
  beforeEach(async () => {
    ctx = await db.resetKeepingApp({ autoPostRecurring: false });
    await seedParties(ctx);
    ({ admin, staff } = await signInBoth(ctx.app));
  });

  describe('a schedule', () => {
    it('is added, listed, and its occurrences up to today are due', async () => {
      const id = await weeklyRent();
      const list = await call('GET', '/api/recurring');
      expect(list.body.schedules).toEqual([
        {
          id,
          kind: 'expense',
          partyId: 1,
          partyName: 'Rent',
          creditDebit: 'Credit',
          amount: 700,
          description: 'Office rent',
          repeats: 'weekly',
          starts: due[0],
          ends: null,
          state: 'active',
          autoPost: false,
          posted: 0,
          accountId: null,
        },
      ]);
      const list2 = await call('GET', '/api/recurring/due');
      expect(list2.body.occurrences.map((o: { date: string }) => o.date)).toEqual(due);
      expect(list2.body.occurrences[0]).toEqual({
        scheduleId: id,
        date: due[0],
        kind: 'expense',
        partyName: 'Rent',
        creditDebit: 'Credit',
        amount: 700,
        description: 'Office rent',
        closed: false,
      });
    });

    it('refuses a bad schedule with a clear 4xx and stores nothing', async () => {
      const base = {
        kind: 'income',
        partyId: 1,
        creditDebit: 'Debit',
        amount: 5,
        repeats: 'monthly',
        starts: '2026-01-01',
      };
      expect((await call('POST', '/api/recurring', { ...base, partyId: 99 })).status).toBe(404);
      expect((await call('POST', '/api/recurring', { ...base, repeats: 'daily' })).status).toBe(
        400,
      );
      expect((await call('POST', '/api/recurring', { ...base, kind: 'salary' })).body.message).toBe(
        apiMessages.creditOnly,
      );
      expect(
        (await call('POST', '/api/recurring', { ...base, ends: '2025-12-31' })).body.message,
      ).toBe(apiMessages.scheduleEndsBeforeStart);
      expect((await call('POST', '/api/recurring', { ...base, starts: '2026-02-30' })).status).toBe(
        400,
      );
      expect(
        (
          await call('POST', '/api/recurring', {
            ...base,
            kind: 'expense',
            partyId: 3,
            creditDebit: 'Credit',
          })
        ).status,
      ).toBe(409);
      expect(await rows(ctx, 'SELECT id FROM recurring_schedules')).toEqual([]);
    });
  });

  describe('posting due occurrences', () => {
    it('posts each dated its own day as one batch, and never twice', async () => {
      const id = await weeklyRent();
      const refs = due.map((date) => ({ scheduleId: id, date }));
      const posted = await call('POST', '/api/recurring/post', { occurrences: refs });
      expect(posted.status).toBe(201);
      expect(posted.body).toMatchObject({ posted: 3, message: 'Entries posted: 3' });
      expect(await entryDays()).toEqual(due);
      expect((await call('GET', '/api/recurring/due')).body.occurrences).toEqual([]);
      const again = await call('POST', '/api/recurring/post', { occurrences: refs });
      expect(again).toMatchObject({ status: 200, body: { posted: 0, batchId: null } });
      expect(await entryDays()).toEqual(due);
      const batches = await call('GET', '/api/batches?kind=recurring');
      expect(batches.body.batches).toEqual([expect.objectContaining({ entries: 3, credit: 2100 })]);
      expect((await call('GET', '/api/recurring')).body.schedules[0].posted).toBe(3);
    });

    it('posts each occurrence once under 20 posts at once', async () => {
      const id = await weeklyRent();
      const occurrences = due.map((date) => ({ scheduleId: id, date }));
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          call('POST', '/api/recurring/post', {
            occurrences: i % 2 ? occurrences : [...occurrences].reverse(),
          }),
        ),
      );
      expect(answers.every((a) => a.status === 200 || a.status === 201)).toBe(true);
      expect(answers.reduce((sum, a) => sum + a.body.posted, 0)).toBe(3);
      expect(await entryDays()).toEqual(due);
    });

    it('refuses a day that is not an occurrence, or is not yet due, or is listed twice', async () => {
      const id = await weeklyRent();
      const post = (date: string) =>
        call('POST', '/api/recurring/post', { occurrences: [{ scheduleId: id, date }] });
      expect((await post(addDays(today, -13))).body.message).toBe(apiMessages.occurrenceNotDue);
      expect((await post(addDays(today, 7))).body.message).toBe(apiMessages.occurrenceNotDue);
      const twice = await call('POST', '/api/recurring/post', {
        occurrences: [
          { scheduleId: id, date: today },
          { scheduleId: id, date: today },
        ],
      });
      expect(twice).toMatchObject({
        status: 400,
        body: { message: apiMessages.occurrenceListedTwice },
      });
      expect(
        (
          await call('POST', '/api/recurring/post', {
            occurrences: [{ scheduleId: 77, date: today }],
          })
        ).status,
      ).toBe(404);
      expect(await entryDays()).toEqual([]);
    });

    it('shows occurrences in a closed period as closed and refuses to post them', async () => {
      const id = await weeklyRent();
      await call('PUT', '/api/journal/closed', { closedThrough: addDays(today, -10) }, admin);
      const list = await call('GET', '/api/recurring/due');
      expect(list.body.occurrences.map((o: { closed: boolean }) => o.closed)).toEqual([
        true,
        false,
        false,
      ]);
      const refused = await call('POST', '/api/recurring/post', {
        occurrences: due.map((date) => ({ scheduleId: id, date })),
      });
      expect(refused).toMatchObject({
        status: 409,
        body: { message: `${apiMessages.occurrenceClosed} ${addDays(today, -10)}` },
      });
      expect(await entryDays()).toEqual([]);
    });

    it('skips an occurrence once; paused and ended schedules have none due', async () => {
      const id = await weeklyRent();
      const skip = await call('POST', '/api/recurring/skip', { scheduleId: id, date: due[0] });
      expect(skip).toEqual({ status: 200, body: { message: 'Occurrence skipped' } });
      const again = await call('POST', '/api/recurring/skip', { scheduleId: id, date: due[0] });
      expect(again).toMatchObject({ status: 409, body: { message: apiMessages.occurrenceDone } });
      expect((await call('GET', '/api/recurring/due')).body.occurrences).toHaveLength(2);

      expect(
        (await call('PUT', `/api/recurring/${id}/state`, { state: 'paused' })).body.schedule.state,
      ).toBe('paused');
      expect((await call('GET', '/api/recurring/due')).body.occurrences).toEqual([]);
      const paused = await call('POST', '/api/recurring/post', {
        occurrences: [{ scheduleId: id, date: today }],
      });
      expect(paused).toMatchObject({
        status: 409,
        body: { message: apiMessages.scheduleNotActive },
      });
      await call('PUT', `/api/recurring/${id}/state`, { state: 'active' });
      expect((await call('GET', '/api/recurring/due')).body.occurrences).toHaveLength(2);
      await call('PUT', `/api/recurring/${id}/state`, { state: 'ended' });
      const resume = await call('PUT', `/api/recurring/${id}/state`, { state: 'active' });
      expect(resume).toMatchObject({ status: 409, body: { message: apiMessages.scheduleEnded } });
      expect(await entryDays()).toEqual([]);
    });

    it('is undone as a batch: one reversal per entry', async () => {
      const id = await weeklyRent();
      const posted = await call('POST', '/api/recurring/post', {
        occurrences: due.map((date) => ({ scheduleId: id, date })),
      });
      const undone = await call('POST', `/api/batches/${posted.body.batchId}/reverse`, {
        reason: 'Not ours',
      });
      expect(undone.body).toMatchObject({ reversed: 3 });
      expect((await call('GET', '/api/journal/totals?kind=expense')).body).toMatchObject({
        credit: 0,
      });
    });
  });

  describe('automatic posting', () => {
    it('is for admins to turn on; the server then posts due occurrences once, as itself', async () => {
      const id = await weeklyRent();
      const byStaff = await call('PUT', `/api/recurring/${id}/auto-post`, { autoPost: true });
      expect(byStaff).toMatchObject({
        status: 403,
        body: { message: apiMessages.adminsOnlyAutoPost },
      });
      const on = await call('PUT', `/api/recurring/${id}/auto-post`, { autoPost: true }, admin);
      expect(on.body.schedule.autoPost).toBe(true);
      await weeklyRent({ description: 'Not automatic' });

      const results = await Promise.all([
        postDueAutomatically(ctx.database.db, today),
        postDueAutomatically(ctx.database.db, today),
      ]);
      expect(results.sort()).toEqual([0, 3]);
      expect(await entryDays()).toEqual(due);
      const batch = await rows(ctx, 'SELECT created_by FROM entry_batches');
      expect(batch).toEqual([{ created_by: null }]);
      const activity = await call('GET', '/api/activity?kind=batch', undefined, admin);
      expect(activity.body.users[0]).toMatchObject({ action: 'create', actor: null });
      // The other schedule's occurrences are still due.
      expect((await call('GET', '/api/recurring/due')).body.occurrences).toHaveLength(3);
    });
  });

  describe('the running server', () => {
    it('posts the due occurrences of automatic schedules by itself when it starts', async () => {
      const id = await weeklyRent();
      await call('PUT', `/api/recurring/${id}/auto-post`, { autoPost: true }, admin);
      const server = await buildApp(ctx.config, { database: ctx.database, logger: false });
      await server.ready();
      // Closing waits for the posting under way.
      await server.close();
      expect(await entryDays()).toEqual(due);
      expect(await rows(ctx, 'SELECT created_by FROM entry_batches')).toEqual([
        { created_by: null },
      ]);
    });
  });
});
