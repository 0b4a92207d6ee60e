// The decisions taken on the health of remote versions (docs/decisions/022-staged-rollout.md): a
// watch that rolls a failing canary back, or promotes one whose --auto-promote time has come, by
// itself. A canary is judged over distinct users (remote-loads.ts: what each user was served and
// reported): the share of its users who met a failure against the served version's, once enough
// users loaded it, and never on one user's failures alone.
//
// Every process of one installation counts into the same rows and reads the same state.json (one
// WEB_ROOT), so all of them see the same figures. A decision is taken under a transaction-scoped
// advisory lock, and state.json is read again inside it: the first process to decide rewrites it
// and records the Activity line; any other finds the canary gone and does nothing. The decision
// happens once.
import { sql } from 'kysely';
import { REMOTE_NAMES } from 'contract';
import type { Db } from '../db/index.js';
import { ADVISORY_LOCK_KEYS } from '../db/advisory-locks.js';
import { audit } from '../lib/audit.js';
import { DEFAULT_ROLLOUT, type RolloutSettings } from '../config.js';
import { recordCommandChanges } from './command-changes.js';
import { DeployError, promote, rollback, withDeployLock } from './deploy.js';
import { readDeployState, remoteDir, type Canary } from './deploy-state.js';
import { healthSince, type VersionHealth } from './remote-loads.js';

/** A rollback takes the failures of at least this many users: one user alone never decides it. */
export const MIN_FAILED_USERS = 2;

/** What an automatic decision's Activity line names as its actor. */
export const AUTOMATIC_ACTOR = {
  'rolled back': 'automatic rollback',
  promoted: 'automatic promote',
} as const;

/** Failed users over users, in per cent (0 with no users). */
export const failurePct = (figures: VersionHealth): number =>
  figures.users === 0 ? 0 : (100 * figures.failedUsers) / figures.users;

const round1 = (value: number) => Math.round(value * 10) / 10;

export interface RolloutDecision {
  remote: string;
  kind: 'rolled back' | 'promoted';
  version: string;
  /** The version everyone gets afterwards. */
  served: string;
  figures?: Record<string, unknown>;
}

/**
 * Whether the canary fails beyond what the settings allow, with the figures: at least
 * `minUsers` users loaded it, at least MIN_FAILED_USERS of them met a failure, and the share of
 * its users who did is more than `maxExtraFailurePct` points above the served version's.
 */
export async function judgeCanary(
  db: Db,
  remote: string,
  current: string,
  canary: Canary,
  settings: RolloutSettings,
): Promise<{ failing: boolean; figures: Record<string, unknown>; trigger: string }> {
  const [ofCanary, ofServed] = await Promise.all([
    healthSince(db, remote, canary.version, canary.startedAt),
    healthSince(db, remote, current, canary.startedAt),
  ]);
  const canaryPct = failurePct(ofCanary);
  const servedPct = failurePct(ofServed);
  const failing =
    ofCanary.users >= settings.minUsers &&
    ofCanary.failedUsers >= MIN_FAILED_USERS &&
    canaryPct - servedPct > settings.maxExtraFailurePct;
  const trigger =
    `${ofCanary.failedUsers} of ${ofCanary.users} users failed on the canary ` +
    `(${round1(canaryPct)}%; ${ofCanary.failures} of ${ofCanary.loads} loads) against ` +
    `${ofServed.failedUsers} of ${ofServed.users} on the served version ` +
    `(${round1(servedPct)}%; ${ofServed.failures} of ${ofServed.loads} loads)`;
  return {
    failing,
    trigger,
    figures: {
      canary: canary.version,
      served: current,
      share: canary.share,
      since: canary.startedAt,
      canaryUsers: ofCanary.users,
      canaryFailedUsers: ofCanary.failedUsers,
      canaryFailurePct: round1(canaryPct),
      canaryLoads: ofCanary.loads,
      canaryFailures: ofCanary.failures,
      servedUsers: ofServed.users,
      servedFailedUsers: ofServed.failedUsers,
      servedFailurePct: round1(servedPct),
      servedLoads: ofServed.loads,
      servedFailures: ofServed.failures,
      minUsers: settings.minUsers,
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
      const figures = {
        by: AUTOMATIC_ACTOR[kind],
        ...(kind === 'rolled back' ? { trigger: judged.trigger } : {}),
        ...judged.figures,
        automatic: true,
      };
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
