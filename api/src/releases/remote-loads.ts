// What each signed-in user was served, and what their shell reported of it (table remote_loads,
// docs/decisions/022-staged-rollout.md): the ground a canary is judged on.
//
// /remotes.json names each answer it gives a signed-in user (a load, a UUID) and records, per
// remote, the deployed version that answer gave. A health report line counts only against such a
// record: the reporting user's own load, for that remote and that version. A load keeps one
// outcome, the worst reported (loaded < render error < failed < refused), so a load counts once
// however often it is reported. A version's figures are counted over loads and over distinct
// users; the rollback is decided on users (rollout-watch.ts), so one user's reports weigh as
// one user's, whatever their number.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { HealthFigures, HealthReport } from 'contract';
import type { Db } from '../db/index.js';

/** Loads older than this are deleted: the Releases screen shows a day at most. */
const KEEP_HOURS = 48;
const PRUNE_EVERY_MS = 60_000;

/** How bad an outcome is: a load keeps the worst one reported. */
const RANK: Record<HealthReport['event'], number> = {
  loaded: 0,
  render_error: 1,
  failed: 2,
  integrity_refused: 3,
};
const rankOf = (column: ReturnType<typeof sql.ref>) =>
  sql<number>`CASE ${column} WHEN 'loaded' THEN 0 WHEN 'render_error' THEN 1
                 WHEN 'failed' THEN 2 WHEN 'integrity_refused' THEN 3 END`;

let lastPrune = 0;

/**
 * Loads recorded for one user in a minute by one server process, at most: a page load reads the
 * list once, so an honest user stays far below; beyond, the list is still served but names no
 * load (that tab's reports then count nothing), so no one fills the table by asking for it.
 */
export const LOADS_PER_USER_PER_MINUTE = 60;
/**
 * For each database (a server process has one), user id -> when their minute started (their first
 * load in it) and the loads in it. Kept per database rather than per module: a process that opens
 * several (the API tests, which keep their modules from one file to the next) counts each one's
 * users apart, as separate servers would.
 */
const recentLoadsOf = new WeakMap<Db, Map<number, { since: number; count: number }>>();

/** True while `userId` may have another load recorded in their minute (and counts it). */
function withinLoadLimit(db: Db, userId: number): boolean {
  const now = Date.now();
  let recentLoads = recentLoadsOf.get(db);
  if (!recentLoads) recentLoadsOf.set(db, (recentLoads = new Map()));
  const known = recentLoads.get(userId);
  if (!known || now - known.since >= 60_000) {
    // Ended minutes are dropped all at once when they are many: the map never grows unbounded.
    if (!known && recentLoads.size >= 10_000) recentLoads.clear();
    recentLoads.set(userId, { since: now, count: 1 });
    return true;
  }
  known.count += 1;
  return known.count <= LOADS_PER_USER_PER_MINUTE;
}

/**
 * Records that `userId` is served these versions (remote -> version) by one answer of
 * /remotes.json, and answers that load's id. Nothing is recorded without a deployed version, or
 * beyond LOADS_PER_USER_PER_MINUTE.
 */
export async function recordLoad(
  db: Db,
  userId: number,
  versions: Readonly<Record<string, string>>,
): Promise<string | undefined> {
  const served = Object.entries(versions);
  if (served.length === 0 || !withinLoadLimit(db, userId)) return undefined;
  const load = randomUUID();
  const rows = served.map(([remote, version]) => ({
    load_id: load,
    remote,
    user_id: userId,
    version,
  }));
  // A load record is a tally, not the books: its commit does not wait for the log to reach the
  // disk (synchronous_commit off, this transaction only). Most page loads of a signed-in user
  // write one, so the list answered no faster than a flush (p95 5.6 ms against 2.7 ms signed out,
  // npm run bench:web). A crash may lose the last few hundred milliseconds of records, and a lost
  // one is a tab whose report counts nothing, as if it never reported; nothing else is written so.
  await db.transaction().execute(async (tx) => {
    await sql`SET LOCAL synchronous_commit = off`.execute(tx);
    await tx.insertInto('remote_loads').values(rows).execute();
  });
  if (Date.now() - lastPrune > PRUNE_EVERY_MS) {
    lastPrune = Date.now();
    await sql`DELETE FROM remote_loads
               WHERE served_at < now() - make_interval(hours => ${KEEP_HOURS})`.execute(db);
  }
  return load;
}

/**
 * Counts a user's report: each line against that user's load of the remote, when the load served
 * them that version; a load keeps the worst outcome reported. Lines without a load, for another
 * user's load, another version, or no worse than what the load already holds, change nothing.
 * Answers how many loads the report counted or made worse.
 */
export async function recordOutcomes(
  db: Db,
  userId: number,
  events: readonly HealthReport[],
): Promise<number> {
  // One line per load and remote: the worst of the report's.
  const worst = new Map<string, HealthReport & { load: string }>();
  for (const event of events) {
    if (!event.load) continue;
    const key = `${event.load}\0${event.remote}`;
    const known = worst.get(key);
    if (!known || RANK[event.event] > RANK[known.event])
      worst.set(key, event as HealthReport & { load: string });
  }
  if (worst.size === 0) return 0;
  const lines = sql.join(
    [...worst.values()].map(
      (line) =>
        sql`(${line.load}::uuid, ${line.remote}::text, ${line.version}::text,
             ${line.event}::text, ${line.stage ?? null}::text, ${RANK[line.event]}::int)`,
    ),
  );
  // A concurrent report of the same load (another process) is ordered by the row's lock; the
  // condition is looked at again on the row as the other left it, so the worst still wins.
  const { rows } = await sql<{ remote: string }>`
    UPDATE remote_loads AS l
       SET outcome = r.event, stage = r.stage, reported_at = now()
      FROM (VALUES ${lines}) AS r (load_id, remote, version, event, stage, rank)
     WHERE l.load_id = r.load_id AND l.remote = r.remote AND l.version = r.version
       AND l.user_id = ${userId}
       AND (l.outcome IS NULL OR ${rankOf(sql.ref('l.outcome'))} < r.rank)
    RETURNING l.remote`.execute(db);
  return rows.length;
}

/** A version's figures: loads (reported ones) and the distinct users behind them. */
export interface VersionHealth extends HealthFigures {
  /** Distinct users with a reported load. */
  users: number;
  /** Of those, the users with at least one failed load. */
  failedUsers: number;
}

/** A version's figures over the loads served from `since` on. */
export async function healthSince(
  db: Db,
  remote: string,
  version: string,
  since: Date | string,
): Promise<VersionHealth> {
  const { rows } = await sql<{
    loads: number;
    failed_loads: number;
    render_errors: number;
    integrity_refusals: number;
    users: number;
    failed_users: number;
  }>`
    SELECT count(outcome)::int AS loads,
           count(*) FILTER (WHERE outcome = 'failed')::int AS failed_loads,
           count(*) FILTER (WHERE outcome = 'render_error')::int AS render_errors,
           count(*) FILTER (WHERE outcome = 'integrity_refused')::int AS integrity_refusals,
           count(DISTINCT user_id) FILTER (WHERE outcome IS NOT NULL)::int AS users,
           count(DISTINCT user_id) FILTER (WHERE outcome <> 'loaded')::int AS failed_users
      FROM remote_loads
     WHERE remote = ${remote} AND version = ${version}
       AND served_at >= ${new Date(since).toISOString()}::timestamptz`.execute(db);
  const row = rows[0]!;
  const failedLoads = Number(row.failed_loads);
  const renderErrors = Number(row.render_errors);
  const integrityRefusals = Number(row.integrity_refusals);
  return {
    loads: Number(row.loads),
    failures: failedLoads + renderErrors + integrityRefusals,
    failedLoads,
    renderErrors,
    integrityRefusals,
    users: Number(row.users),
    failedUsers: Number(row.failed_users),
  };
}
