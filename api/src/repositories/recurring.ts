// Repeating entries (docs/decisions/017-payroll-recurring.md): schedules, their due occurrences,
// and posting or skipping an occurrence exactly once. The primary key of `recurring_occurrences`
// (schedule, day) is the claim: an occurrence is claimed in the transaction that writes its
// entry, so a second post of it (pressed twice, two tabs, two server processes, the server's
// own automatic posting) finds the claim taken, waits for the first to commit, and leaves it out.
// A schedule is never edited in a way that rewrites what it posted: it is only paused, resumed
// or ended.
import { sql } from 'kysely';
import {
  apiMessages,
  messages,
  RECURRING_LIMITS,
  type ClosedCount,
  type DueList,
  type Occurrence,
  type OccurrenceRef,
  type OccurrencesPosted,
  type Schedule,
  type ScheduleBody,
  type ScheduleState,
} from 'contract';
import type { Db } from '../db/index.js';
import { parties } from '../db/parties.js';
import { audit } from '../lib/audit.js';
import { addDays, isRealDay } from '../lib/dates.js';
import { badRequest, conflict, notFound } from '../lib/errors.js';
import { amountNumber, hasAtMostTwoDecimals, plainMoney } from 'contract';
import {
  isOccurrence,
  nthOccurrence,
  occurrencesBetween,
  occurrencesThrough,
} from '../lib/recurrence.js';
import {
  checkEntryDate,
  closedPeriodGuard,
  closedThrough,
  createBatch,
  inClosedPeriod,
  checkEntryAccount,
  insertEntries,
  lockAccounts,
  lockParty,
} from '../books/index.js';

type ScheduleRow = {
  id: number;
  kind: Schedule['kind'];
  party_id: number;
  party_name: string;
  credit_debit: Schedule['creditDebit'];
  amount: string;
  description: string;
  repeats: Schedule['repeats'];
  starts_on: string;
  ends_on: string | null;
  state: ScheduleState;
  auto_post: boolean;
  posted: string | number;
  account_id: number | null;
};

const toSchedule = (row: ScheduleRow): Schedule => ({
  id: row.id,
  kind: row.kind,
  partyId: row.party_id,
  partyName: row.party_name,
  creditDebit: row.credit_debit,
  amount: amountNumber(row.amount),
  description: row.description,
  repeats: row.repeats,
  starts: row.starts_on,
  ends: row.ends_on,
  state: row.state,
  autoPost: row.auto_post,
  posted: Number(row.posted),
  accountId: row.account_id,
});

const rule = (row: ScheduleRow) => ({
  repeats: row.repeats,
  starts: row.starts_on,
  ends: row.ends_on,
});

async function scheduleRows(
  db: Db,
  where: { id?: number; lock?: boolean } = {},
): Promise<ScheduleRow[]> {
  const { rows } = await sql<ScheduleRow>`
    SELECT s.id, s.kind, coalesce(s.client_id, s.employee_id, s.expense_type_id) AS party_id,
           coalesce(c.name, e.name, x.expancetype) AS party_name, s.credit_debit,
           s.amount::text AS amount, s.description, s.repeats, s.starts_on, s.ends_on, s.state,
           s.auto_post, s.account_id,
           (SELECT count(*) FROM recurring_occurrences o
            WHERE o.schedule_id = s.id AND o.entry_id IS NOT NULL) AS posted
    FROM recurring_schedules s
    LEFT JOIN clients c ON c.id = s.client_id
    LEFT JOIN employees e ON e.id = s.employee_id
    LEFT JOIN expense_types x ON x.id = s.expense_type_id
    WHERE ${where.id === undefined ? sql`true` : sql`s.id = ${where.id}`}
    ORDER BY s.id
    ${where.lock ? sql`FOR SHARE OF s` : sql``}`.execute(db);
  return rows;
}

export async function listSchedules(db: Db): Promise<Schedule[]> {
  return (await scheduleRows(db)).map(toSchedule);
}

async function findSchedule(db: Db, id: number): Promise<Schedule> {
  const row = (await scheduleRows(db, { id }))[0];
  if (!row) throw notFound(apiMessages.scheduleNotFound);
  return toSchedule(row);
}

export async function addSchedule(
  db: Db,
  userId: number,
  body: ScheduleBody,
  today: string,
): Promise<Schedule> {
  const amount = Number(body.amount);
  if (!hasAtMostTwoDecimals(amount)) throw badRequest('amount must have at most 2 decimals');
  if (body.kind !== 'income' && body.creditDebit !== 'Credit')
    throw badRequest(apiMessages.creditOnly);
  for (const day of [body.starts, body.ends ?? body.starts])
    if (!isRealDay(day)) throw badRequest(apiMessages.dateInvalid);
  const ends = body.ends ?? null;
  if (ends !== null && ends < body.starts) throw badRequest(apiMessages.scheduleEndsBeforeStart);
  // Counted, not listed: a start in 1900 costs nothing to refuse.
  const past = occurrencesThrough({ repeats: body.repeats, starts: body.starts, ends }, today);
  if (past > RECURRING_LIMITS.maxPastOccurrences) throw badRequest(apiMessages.scheduleTooFarBack);
  const party = parties[body.kind];
  return db.transaction().execute(async (tx) => {
    await lockParty(tx, body.kind, body.partyId);
    checkEntryAccount({ creditDebit: body.creditDebit, accountId: body.accountId });
    await lockAccounts(tx, [body.accountId]);
    const { id } = await tx
      .insertInto('recurring_schedules')
      .values({
        kind: body.kind,
        [party.column]: body.partyId,
        amount: plainMoney(amount),
        credit_debit: body.creditDebit,
        description: (body.description ?? '').trim(),
        repeats: body.repeats,
        starts_on: body.starts,
        ends_on: ends,
        account_id: body.accountId ?? null,
        created_by: userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const schedule = await findSchedule(tx, id);
    await audit(tx, {
      actorId: userId,
      action: 'create',
      entity: 'schedule',
      entityId: id,
      after: schedule,
    });
    return schedule;
  });
}

/** Pauses, resumes or ends a schedule; an ended one stays ended. */
export async function changeSchedule(
  db: Db,
  userId: number,
  id: number,
  change: { state?: ScheduleState; autoPost?: boolean },
): Promise<Schedule> {
  return db.transaction().execute(async (tx) => {
    const { rows } = await sql<{ state: ScheduleState }>`
      SELECT state FROM recurring_schedules WHERE id = ${id} FOR UPDATE`.execute(tx);
    if (!rows[0]) throw notFound(apiMessages.scheduleNotFound);
    if (rows[0].state === 'ended') throw conflict(apiMessages.scheduleEnded);
    const before = await findSchedule(tx, id);
    await tx
      .updateTable('recurring_schedules')
      .set({
        ...(change.state === undefined ? {} : { state: change.state }),
        ...(change.autoPost === undefined ? {} : { auto_post: change.autoPost }),
      })
      .where('id', '=', id)
      .execute();
    const after = await findSchedule(tx, id);
    await audit(tx, {
      actorId: userId,
      action: change.state === undefined ? 'update' : 'status',
      entity: 'schedule',
      entityId: id,
      before,
      after,
    });
    return after;
  });
}

/**
 * Every occurrence of an active schedule up to today that is neither posted nor skipped. Those
 * after the closed period are all listed (they are what can be posted); those in it are counted
 * per schedule and only the latest few of each are listed, so that a schedule started long ago
 * never crowds out another's. Closed occurrences are counted from the rule, never enumerated.
 */
export async function dueOccurrences(
  db: Db,
  today: string,
  options: { autoPostOnly?: boolean } = {},
): Promise<DueList> {
  const schedules = (await scheduleRows(db)).filter(
    (row) => row.state === 'active' && (!options.autoPostOnly || row.auto_post),
  );
  const closed = await closedThrough(db);
  const { rows: done } = await sql<{ schedule_id: number; occurs_on: string }>`
    SELECT schedule_id, occurs_on FROM recurring_occurrences o
    JOIN recurring_schedules s ON s.id = o.schedule_id
    WHERE s.state = 'active'`.execute(db);
  const taken = new Set(done.map((row) => `${row.schedule_id}_${row.occurs_on}`));
  /** The end of the closed period as far as today reaches. */
  const closedEnd = closed === null ? null : closed < today ? closed : today;
  const closedDone = new Map<number, number>();
  if (closedEnd !== null) {
    for (const row of done) {
      if (inClosedPeriod(row.occurs_on, closedEnd))
        closedDone.set(row.schedule_id, (closedDone.get(row.schedule_id) ?? 0) + 1);
    }
  }
  const occurrences: Occurrence[] = [];
  const closedCounts: ClosedCount[] = [];
  for (const row of schedules) {
    const occurrence = (day: string): Occurrence => ({
      scheduleId: row.id,
      date: day,
      kind: row.kind,
      partyName: row.party_name,
      creditDebit: row.credit_debit,
      amount: amountNumber(row.amount),
      description: row.description,
      closed: inClosedPeriod(day, closedEnd),
    });
    const from =
      closedEnd !== null && inClosedPeriod(row.starts_on, closedEnd)
        ? addDays(closedEnd, 1)
        : row.starts_on;
    for (const day of occurrencesBetween(rule(row), from, today, Number.POSITIVE_INFINITY)) {
      if (!taken.has(`${row.id}_${day}`)) occurrences.push(occurrence(day));
    }
    if (closedEnd === null) continue;
    const inClosed = occurrencesThrough(rule(row), closedEnd);
    const count = inClosed - (closedDone.get(row.id) ?? 0);
    if (count <= 0) continue;
    closedCounts.push({ scheduleId: row.id, count });
    // The latest few: walking back passes at most the posted and skipped ones.
    let listed = 0;
    for (
      let k = inClosed - 1;
      k >= 0 && listed < RECURRING_LIMITS.closedListedPerSchedule;
      k -= 1
    ) {
      const day = nthOccurrence(rule(row), k);
      if (taken.has(`${row.id}_${day}`)) continue;
      occurrences.push(occurrence(day));
      listed += 1;
    }
  }
  occurrences.sort((a, b) =>
    a.date === b.date ? a.scheduleId - b.scheduleId : a.date < b.date ? -1 : 1,
  );
  return { occurrences, closedThrough: closed, closedCounts };
}

/** Checks that each reference is a due occurrence of an active schedule, under a share lock. */
async function checkOccurrences(
  tx: Db,
  refs: OccurrenceRef[],
  today: string,
): Promise<Map<number, ScheduleRow>> {
  const keys = refs.map((ref) => `${ref.scheduleId}_${ref.date}`);
  if (new Set(keys).size !== keys.length) throw badRequest(apiMessages.occurrenceListedTwice);
  const schedules = new Map<number, ScheduleRow>();
  for (const id of [...new Set(refs.map((ref) => ref.scheduleId))].sort((a, b) => a - b)) {
    // FOR SHARE: the schedule is not paused or ended until the posting is in.
    const row = (await scheduleRows(tx, { id, lock: true }))[0];
    if (!row) throw notFound(apiMessages.scheduleNotFound);
    if (row.state !== 'active') throw conflict(apiMessages.scheduleNotActive);
    schedules.set(id, row);
  }
  const closedPeriod = await closedPeriodGuard(tx);
  for (const ref of refs) {
    const row = schedules.get(ref.scheduleId)!;
    if (!isRealDay(ref.date) || ref.date > today || !isOccurrence(rule(row), ref.date))
      throw conflict(apiMessages.occurrenceNotDue);
    closedPeriod.refuse(ref.date, 'occurrence');
  }
  return schedules;
}

class NothingToPost extends Error {}

/**
 * Posts occurrences as one batch of entries, each dated its own day; one already posted or
 * skipped is left out. `userId` null: the server posting by itself.
 */
export async function postOccurrences(
  db: Db,
  userId: number | null,
  refs: OccurrenceRef[],
  today: string,
): Promise<OccurrencesPosted> {
  try {
    return await db.transaction().execute(async (tx) => {
      const schedules = await checkOccurrences(tx, refs, today);
      for (const row of schedules.values()) await lockParty(tx, row.kind, row.party_id);
      for (const day of new Set(refs.map((ref) => ref.date))) await checkEntryDate(tx, day, today);

      const batchId = await createBatch(tx, {
        kind: 'recurring',
        label: refs.length === 1 ? 'Repeating entry' : `Repeating entries (${refs.length})`,
        userId,
        details: { occurrences: refs.map((ref) => `${ref.scheduleId}:${ref.date}`) },
      });
      // The claims, in key order so that two posts at once wait rather than deadlock.
      const ordered = [...refs].sort((a, b) =>
        a.scheduleId === b.scheduleId ? a.date.localeCompare(b.date) : a.scheduleId - b.scheduleId,
      );
      const { rows: claimed } = await sql<{ schedule_id: number; occurs_on: string }>`
        INSERT INTO recurring_occurrences (schedule_id, occurs_on, batch_id, done_by)
        SELECT r.schedule_id, r.occurs_on, ${batchId}, ${userId}::int
        FROM unnest(${ordered.map((r) => r.scheduleId)}::int[],
                    ${ordered.map((r) => r.date)}::date[]) AS r(schedule_id, occurs_on)
        ORDER BY r.schedule_id, r.occurs_on
        ON CONFLICT (schedule_id, occurs_on) DO NOTHING
        RETURNING schedule_id, occurs_on`.execute(tx);
      if (claimed.length === 0) throw new NothingToPost();

      const ids = await insertEntries(
        tx,
        claimed.map((claim) => {
          const row = schedules.get(claim.schedule_id)!;
          return {
            kind: row.kind,
            partyId: row.party_id,
            partyName: row.party_name,
            amount: row.amount,
            creditDebit: row.credit_debit,
            description: row.description,
            date: claim.occurs_on,
            accountId: row.account_id,
          };
        }),
        { userId, batchId },
      );
      await sql`
        UPDATE recurring_occurrences o SET entry_id = w.id
        FROM unnest(${ids}::bigint[], ${claimed.map((claim) => claim.schedule_id)}::int[],
                    ${claimed.map((claim) => claim.occurs_on)}::date[])
             AS w(id, schedule_id, occurs_on)
        WHERE o.schedule_id = w.schedule_id AND o.occurs_on = w.occurs_on`.execute(tx);
      return {
        message: `${messages.occurrencesPosted} ${claimed.length}`,
        posted: claimed.length,
        batchId,
      };
    });
  } catch (error) {
    if (!(error instanceof NothingToPost)) throw error;
    return { message: `${messages.occurrencesPosted} 0`, posted: 0, batchId: null };
  }
}

/** Skips an occurrence: it is never posted (nor shown as due). */
export async function skipOccurrence(
  db: Db,
  userId: number,
  ref: OccurrenceRef,
  today: string,
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await checkOccurrences(tx, [ref], today);
    const { rows } = await sql`
      INSERT INTO recurring_occurrences (schedule_id, occurs_on, skipped_at, done_by)
      VALUES (${ref.scheduleId}, ${ref.date}, now(), ${userId})
      ON CONFLICT (schedule_id, occurs_on) DO NOTHING
      RETURNING 1`.execute(tx);
    if (rows.length === 0) throw conflict(apiMessages.occurrenceDone);
    await audit(tx, {
      actorId: userId,
      action: 'update',
      entity: 'schedule',
      entityId: ref.scheduleId,
      after: { skipped: ref.date },
    });
  });
}
