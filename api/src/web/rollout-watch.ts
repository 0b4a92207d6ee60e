// Health of remote versions and the decisions taken on it (docs/decisions/022-staged-rollout.md):
// the shells' reports counted per remote, version and minute (table remote_health), and a watch
// that rolls a failing canary back, or promotes one whose --auto-promote time has come, by itself.
//
// Every process of one installation counts into the same rows and reads the same state.json (one
// WEB_ROOT), so all of them see the same figures. A decision is taken under a transaction-scoped
// advisory lock, and state.json is read again inside it: the first process to decide rewrites it
// and records the Activity line; any other finds the canary gone and does nothing. The decision
// happens once.
import { sql } from 'kysely';
import { REMOTE_NAMES, type HealthFigures, type HealthReport } from 'contract';
import type { Db } from '../db/index.js';
import { ADVISORY_LOCK_KEYS } from '../db/advisory-locks.js';
import { audit } from '../lib/audit.js';
import { DEFAULT_ROLLOUT, type RolloutSettings } from '../config.js';
import { recordCommandChanges } from './command-changes.js';
import { DeployError, promote, rollback, withDeployLock } from './deploy.js';
import { readDeployState, remoteDir, type Canary } from './releases.js';

/** Counts older than this are deleted: the Releases screen shows a day at most. */
const KEEP_HOURS = 48;
const PRUNE_EVERY_MS = 60_000;

const COLUMN = {
  loaded: 'loaded',
  failed: 'failed_loads',
  render_error: 'render_errors',
  integrity_refused: 'integrity_refusals',
} as const;

type Column = (typeof COLUMN)[keyof typeof COLUMN];

/** The versions a remote's reports may name: the kept ones, or `unversioned` for its own build. */
export function reportableVersions(webRoot: string | undefined, remote: string): Set<string> {
  const versions = new Set(['unversioned']);
  if (!webRoot) return versions;
  for (const entry of readDeployState(webRoot, remote)?.versions ?? []) versions.add(entry.version);
  return versions;
}

let lastPrune = 0;

/**
 * Adds the events to this minute's counts, one row per remote and version. Events for a version
 * the server does not keep are left out (an old tab after a prune). Answers how many were counted.
 */
export async function recordHealth(
  db: Db,
  webRoot: string | undefined,
  events: readonly HealthReport[],
): Promise<number> {
  const sums = new Map<string, { remote: string; version: string } & Record<Column, number>>();
  const kept = new Map<string, Set<string>>();
  let counted = 0;
  for (const event of events) {
    if (!kept.has(event.remote)) kept.set(event.remote, reportableVersions(webRoot, event.remote));
    if (!kept.get(event.remote)!.has(event.version)) continue;
    const key = `${event.remote}\0${event.version}`;
    const row = sums.get(key) ?? {
      remote: event.remote,
      version: event.version,
      loaded: 0,
      failed_loads: 0,
      render_errors: 0,
      integrity_refusals: 0,
    };
    const count = event.count ?? 1;
    row[COLUMN[event.event]] += count;
    counted += count;
    sums.set(key, row);
  }
  for (const row of sums.values()) {
    await sql`
      INSERT INTO remote_health AS h
        (remote, version, minute, loaded, failed_loads, render_errors, integrity_refusals)
      VALUES (${row.remote}, ${row.version}, date_trunc('minute', now()), ${row.loaded},
              ${row.failed_loads}, ${row.render_errors}, ${row.integrity_refusals})
      ON CONFLICT (remote, version, minute) DO UPDATE SET
        loaded = h.loaded + excluded.loaded,
        failed_loads = h.failed_loads + excluded.failed_loads,
        render_errors = h.render_errors + excluded.render_errors,
        integrity_refusals = h.integrity_refusals + excluded.integrity_refusals`.execute(db);
  }
  if (Date.now() - lastPrune > PRUNE_EVERY_MS) {
    lastPrune = Date.now();
    await sql`DELETE FROM remote_health
               WHERE minute < now() - make_interval(hours => ${KEEP_HOURS})`.execute(db);
  }
  return counted;
}

/** A version's counts since `since` (from its minute on). */
export async function healthSince(
  db: Db,
  remote: string,
  version: string,
  since: Date | string,
): Promise<HealthFigures> {
  const { rows } = await sql<{
    loaded: number;
    failed_loads: number;
    render_errors: number;
    integrity_refusals: number;
  }>`
    SELECT coalesce(sum(loaded), 0)::int AS loaded,
           coalesce(sum(failed_loads), 0)::int AS failed_loads,
           coalesce(sum(render_errors), 0)::int AS render_errors,
           coalesce(sum(integrity_refusals), 0)::int AS integrity_refusals
      FROM remote_health
     WHERE remote = ${remote} AND version = ${version}
       AND minute >= date_trunc('minute', ${new Date(since).toISOString()}::timestamptz)`.execute(
    db,
  );
  const row = rows[0]!;
  const failedLoads = Number(row.failed_loads);
  const integrityRefusals = Number(row.integrity_refusals);
  const renderErrors = Number(row.render_errors);
  return {
    // A load is an attempt: it loaded, or it failed (refusals included).
    loads: Number(row.loaded) + failedLoads + integrityRefusals,
    failures: failedLoads + renderErrors + integrityRefusals,
    failedLoads,
    renderErrors,
    integrityRefusals,
  };
}

/** Failures over loads, in per cent (0 with no loads). */
export const failurePct = (figures: HealthFigures): number =>
  figures.loads === 0 ? 0 : (100 * figures.failures) / figures.loads;

const round1 = (value: number) => Math.round(value * 10) / 10;

export interface RolloutDecision {
  remote: string;
  kind: 'rolled back' | 'promoted';
  version: string;
  /** The version everyone gets afterwards. */
  served: string;
  figures?: Record<string, unknown>;
}

/** Whether the canary's failure rate is beyond what the settings allow, with the figures. */
export async function judgeCanary(
  db: Db,
  remote: string,
  current: string,
  canary: Canary,
  settings: RolloutSettings,
): Promise<{ failing: boolean; figures: Record<string, unknown> }> {
  const [ofCanary, ofServed] = await Promise.all([
    healthSince(db, remote, canary.version, canary.startedAt),
    healthSince(db, remote, current, canary.startedAt),
  ]);
  const canaryPct = failurePct(ofCanary);
  const servedPct = failurePct(ofServed);
  const failing =
    ofCanary.loads >= settings.minLoads && canaryPct - servedPct > settings.maxExtraFailurePct;
  return {
    failing,
    figures: {
      canary: canary.version,
      served: current,
      share: canary.share,
      since: canary.startedAt,
      canaryLoads: ofCanary.loads,
      canaryFailures: ofCanary.failures,
      canaryFailurePct: round1(canaryPct),
      servedLoads: ofServed.loads,
      servedFailures: ofServed.failures,
      servedFailurePct: round1(servedPct),
      minLoads: settings.minLoads,
      maxExtraFailurePct: settings.maxExtraFailurePct,
    },
  };
}

const sameCanary = (a: Canary | undefined, b: Canary) =>
  a?.version === b.version && a.startedAt === b.startedAt;

/**
 * Looks at every remote's canary: rolls back one failing beyond the settings, promotes one whose
 * auto-promote time has passed. Each decision is taken once across processes (see the top).
 */
export class RolloutWatch {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<RolloutDecision[]> | undefined;

  constructor(
    private readonly db: Db,
    private readonly webRoot: string,
    private readonly settings: RolloutSettings = DEFAULT_ROLLOUT,
    private readonly log: { warn: (data: object, message: string) => void } = console as never,
  ) {}

  /** Checks every `everyMs` (unref'd: it never keeps the process alive). */
  start(everyMs = 30_000): void {
    void this.recordCommandChanges();
    this.timer = setInterval(() => void this.check().catch(() => undefined), everyMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** One look at every remote; concurrent calls in one process share it. */
  check(now = new Date()): Promise<RolloutDecision[]> {
    this.running ??= this.checkAll(now).finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** Writes the Activity lines of the command line's promotes and rollbacks; answers how many. */
  async recordCommandChanges(): Promise<number> {
    let written = 0;
    for (const remote of REMOTE_NAMES) {
      try {
        written += await recordCommandChanges(this.db, this.webRoot, remote);
      } catch (error) {
        this.log.warn({ err: error, remote }, 'could not record the deploy command changes');
      }
    }
    return written;
  }

  private async checkAll(now: Date): Promise<RolloutDecision[]> {
    const decisions: RolloutDecision[] = [];
    await this.recordCommandChanges();
    for (const remote of REMOTE_NAMES) {
      try {
        const decision = await this.checkRemote(remote, now);
        if (decision) decisions.push(decision);
      } catch (error) {
        this.log.warn({ err: error, remote }, 'could not check the canary');
      }
    }
    return decisions;
  }

  private async checkRemote(remote: string, now: Date): Promise<RolloutDecision | undefined> {
    const state = readDeployState(this.webRoot, remote);
    const canary = state?.canary;
    if (!state || !canary) return undefined;
    const judged = await judgeCanary(this.db, remote, state.current, canary, this.settings);
    const due = canary.autoPromoteAt !== undefined && new Date(canary.autoPromoteAt) <= now;
    if (!judged.failing && !due) return undefined;
    return this.decide(remote, canary, judged.failing ? 'rolled back' : 'promoted');
  }

  /** Takes the decision once: under the lock, only if the same canary still runs. */
  private decide(
    remote: string,
    canary: Canary,
    kind: RolloutDecision['kind'],
  ): Promise<RolloutDecision | undefined> {
    return this.db.transaction().execute(async (tx) => {
      await sql`SELECT pg_advisory_xact_lock(${ADVISORY_LOCK_KEYS.rolloutDecision})`.execute(tx);
      const state = readDeployState(this.webRoot, remote);
      if (!state || !sameCanary(state.canary, canary)) return undefined;
      // Judged again inside the lock, on the figures every process sees.
      const judged = await judgeCanary(tx, remote, state.current, canary, this.settings);
      if (kind === 'rolled back' && !judged.failing) return undefined;
      let served: string;
      try {
        served = await withDeployLock(this.webRoot, remote, () =>
          kind === 'rolled back'
            ? rollback(this.webRoot, remote).to
            : promote(this.webRoot, remote).to,
        );
      } catch (error) {
        // A deploy of this remote is running: the next check decides.
        if (error instanceof DeployError) return undefined;
        throw error;
      }
      const figures = { ...judged.figures, automatic: true };
      await audit(tx, {
        actorId: null,
        action: kind === 'rolled back' ? 'rollout_rolled_back' : 'rollout_promoted',
        entity: 'release',
        entityId: remoteDir(remote),
        before: { served: state.current, canary: canary.version, share: canary.share },
        after: { ...figures, nowServed: served },
      });
      return { remote, kind, version: canary.version, served, figures };
    });
  }
}
