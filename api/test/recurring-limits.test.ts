// Repeating entries that reach far back: a start that brings more than the stated number of past
// occurrences is refused; occurrences in the closed period are counted per schedule and only the
// latest few listed, so a schedule started long ago (accepted before the limit) never hides
// another schedule's due occurrence, and automatic posting still posts every open one.
import { apiMessages, RECURRING_LIMITS } from 'contract';
import { rows, setupDatabase, signInBoth, type TestContext, requestAs } from './helpers.js';
import { seedParties } from './fixtures.js';
import { addDays, todayIn } from '../src/lib/dates.js';
import { postDueAutomatically } from '../src/repositories/recurring-auto.js';

const db = await setupDatabase();
let ctx: TestContext;
let admin: string;
let staff: string;
afterAll(() => db.close());
const today = todayIn('UTC');

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, who = staff) =>
  requestAs(ctx.app, who, method, url, payload);

const schedule = (extra: object = {}) =>
  call('POST', '/api/recurring', {
    kind: 'expense',
    partyId: 1,
    creditDebit: 'Credit',
    amount: 700,
    description: 'Office rent',
    repeats: 'weekly',
    starts: addDays(today, -14),
    ...extra,
  });

interface Due {
  occurrences: { scheduleId: number; date: string; closed: boolean }[];
  closedThrough: string | null;
  closedCounts?: { scheduleId: number; count: number }[];
}
const dueList = async () => (await call('GET', '/api/recurring/due')).body as Due;

beforeEach(async () => {
  ctx = await db.resetKeepingApp({ autoPostRecurring: false });
  await seedParties(ctx);
  ({ admin, staff } = await signInBoth(ctx.app));
});

describe('a start far back', () => {
  it('is refused past the stated number of occurrences up to today, and nothing is stored', async () => {
    const limit = RECURRING_LIMITS.maxPastOccurrences;
    expect(apiMessages.scheduleTooFarBack).toContain(`at most ${limit} occurrences`);
    for (const repeats of ['weekly', 'monthly', 'quarterly'])
      expect(await schedule({ repeats, starts: '1900-01-01' })).toMatchObject({
        status: 400,
        body: { code: 'schedule_too_far_back', message: apiMessages.scheduleTooFarBack },
      });
    // One occurrence more than the limit is refused; exactly the limit is accepted.
    expect((await schedule({ starts: addDays(today, -7 * limit) })).body.message).toBe(
      apiMessages.scheduleTooFarBack,
    );
    expect(await rows(ctx, 'SELECT id FROM recurring_schedules')).toEqual([]);
    expect((await schedule({ starts: addDays(today, -7 * (limit - 1)) })).status).toBe(201);
    // An end that keeps the past short makes an early start fine.
    expect(
      (await schedule({ starts: '1900-01-01', ends: '1900-12-31', repeats: 'monthly' })).status,
    ).toBe(201);
    expect((await schedule({ starts: '1900-01-01', repeats: 'yearly' })).status).toBe(201);
  });
});

describe('closed occurrences', () => {
  it('are counted per schedule, the latest few listed, the others all due', async () => {
    const first = await schedule({ starts: addDays(today, -7 * 20) });
    const a = first.body.schedule.id as number;
    // Two of its first occurrences are posted before the books are closed.
    const posted = await call('POST', '/api/recurring/post', {
      occurrences: [0, 1].map((k) => ({ scheduleId: a, date: addDays(today, -7 * (20 - k)) })),
    });
    expect(posted.body.posted).toBe(2);
    const b = (
      await schedule({
        kind: 'income',
        creditDebit: 'Debit',
        partyId: 1,
        starts: addDays(today, -3),
      })
    ).body.schedule.id as number;
    const closed = addDays(today, -10);
    expect(
      (await call('PUT', '/api/journal/closed', { closedThrough: closed }, admin)).status,
    ).toBe(200);

    const due = await dueList();
    expect(due.closedThrough).toBe(closed);
    // 21 occurrences through today: 19 on or before the closed day, 2 of them posted.
    expect(due.closedCounts).toEqual([{ scheduleId: a, count: 17 }]);
    const of = (id: number) =>
      due.occurrences.filter((o) => o.scheduleId === id).map((o) => [o.date, o.closed]);
    expect(of(a)).toEqual([
      [addDays(today, -28), true],
      [addDays(today, -21), true],
      [addDays(today, -14), true],
      [addDays(today, -7), false],
      [today, false],
    ]);
    expect(of(b)).toEqual([[addDays(today, -3), false]]);
  });

  it('of a schedule started in 1900 never hide another schedule, and automatic posting posts the others', async () => {
    // A schedule from before the limit existed: stored as it was accepted then.
    const [old] = await rows<{ id: number }>(
      ctx,
      `INSERT INTO recurring_schedules (kind, expense_type_id, amount, credit_debit, description,
                                        repeats, starts_on, auto_post)
       VALUES ('expense', 1, 5, 'Credit', 'Since 1900', 'weekly', '1900-01-01', true)
       RETURNING id`,
    );
    const other = (await schedule({ starts: addDays(today, -7), description: 'Cleaning' })).body
      .schedule.id as number;
    for (const id of [other])
      await call('PUT', `/api/recurring/${id}/auto-post`, { autoPost: true }, admin);
    const closed = addDays(today, -30);
    await call('PUT', '/api/journal/closed', { closedThrough: closed }, admin);

    const due = await dueList();
    const oldCount = due.closedCounts?.find((c) => c.scheduleId === old!.id)?.count ?? 0;
    // Every week from 1900-01-01 through the closed day.
    const weeks =
      Math.floor(
        (Date.parse(`${closed}T00:00:00Z`) - Date.parse('1900-01-01T00:00:00Z')) / (7 * 86_400_000),
      ) + 1;
    expect(oldCount).toBe(weeks);
    expect(oldCount).toBeGreaterThan(6000);
    const closedListed = due.occurrences.filter((o) => o.closed);
    expect(closedListed).toHaveLength(RECURRING_LIMITS.closedListedPerSchedule);
    expect(due.occurrences.filter((o) => o.scheduleId === other).map((o) => o.date)).toEqual([
      addDays(today, -7),
      today,
    ]);
    const oldOpen = due.occurrences.filter((o) => o.scheduleId === old!.id && !o.closed);
    expect(oldOpen.length).toBeGreaterThanOrEqual(4);

    const postedNow = await postDueAutomatically(ctx.database.db, today);
    expect(postedNow).toBe(2 + oldOpen.length);
    const [{ n }] = (await rows<{ n: number }>(
      ctx,
      `SELECT count(*)::int AS n FROM entries WHERE description = 'Cleaning'`,
    )) as [{ n: number }];
    expect(n).toBe(2);
    // Nothing open is left; the closed ones are still counted.
    const after = await dueList();
    expect(after.occurrences.filter((o) => !o.closed)).toEqual([]);
    expect(after.closedCounts).toEqual([{ scheduleId: old!.id, count: weeks }]);
  });

  it('one schedule that cannot post does not stop automatic posting of the others', async () => {
    const rent = (await schedule({ starts: addDays(today, -7) })).body.schedule.id as number;
    const income = (
      await schedule({ kind: 'income', partyId: 1, creditDebit: 'Debit', starts: today })
    ).body.schedule.id as number;
    for (const id of [rent, income])
      await call('PUT', `/api/recurring/${id}/auto-post`, { autoPost: true }, admin);
    await rows(ctx, `UPDATE expense_types SET status = 'Suspended' WHERE id = 1`);
    const refused: number[] = [];
    expect(await postDueAutomatically(ctx.database.db, today, (id) => refused.push(id))).toBe(1);
    expect(refused).toEqual([rent]);
    // Without a listener the failure is thrown, after the others had their turn.
    await expect(postDueAutomatically(ctx.database.db, today)).rejects.toThrow(
      apiMessages.expenseTypeSuspended,
    );
  });
});
