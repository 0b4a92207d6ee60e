// Sessions: an opaque random token for the browser, only its SHA-256 in the database, with an
// idle timeout and an absolute lifetime. A session also has a plain numeric id, the only handle
// an admin ever sees, and the address and browser it was opened from. Opening, ending and
// expiring a session are security events in the audit log.
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/index.js';
import {
  apiMessages,
  type AuditAction,
  type OpenSession,
  type RecordKind,
  type Role,
} from 'contract';
import { audit } from '../lib/audit.js';
import { currentOrigin } from '../lib/request-context.js';
import { notFound } from '../lib/errors.js';

export interface SessionUser {
  id: number;
  name: string;
  email: string;
  role: Role;
  tokenHash: string;
  sessionId: number;
  /** An admin without two-step sign-in while the admins' setting requires it (see auth.ts). */
  twoStepSetupRequired: boolean;
}

export interface SessionPolicy {
  idleMinutes: number;
  lifetimeHours: number;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Opens a session for a user who has just proved who they are, and records the sign-in. */
export async function createSession(
  db: Db,
  user: { id: number; email: string },
  policy: SessionPolicy,
): Promise<string> {
  return db.transaction().execute((tx) => openSession(tx, user, policy));
}

/** The same inside the caller's transaction (the code step spends its code in the same one). */
export async function openSession(
  tx: Db,
  user: { id: number; email: string },
  policy: SessionPolicy,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const origin = currentOrigin();
  const { id } = await tx
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      user_id: user.id,
      expires_at: sql<Date>`now() + make_interval(hours => ${policy.lifetimeHours})`,
      address: origin.address,
      browser: origin.browser,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await audit(tx, {
    actorId: user.id,
    action: 'login',
    entity: 'session',
    entityId: id,
    after: { email: user.email },
  });
  return token;
}

const liveSession = (policy: SessionPolicy) =>
  sql<boolean>`(sessions.expires_at > now()
    AND sessions.last_seen_at > now() - make_interval(mins => ${policy.idleMinutes}))`;

/**
 * The user behind a live token, refreshing its idle clock at most once a minute. A token past
 * its idle timeout or lifetime is removed here and its expiry recorded.
 */
export async function findSessionUser(
  db: Db,
  token: string,
  policy: SessionPolicy,
): Promise<SessionUser | undefined> {
  const tokenHash = hashToken(token);
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'users.id',
      'users.name',
      'users.email',
      'users.role',
      'sessions.id as sessionId',
      liveSession(policy).as('live'),
      sql<boolean>`sessions.last_seen_at < now() - interval '1 minute'`.as('stale'),
      sql<boolean>`(users.role = 'admin'
        AND (SELECT require_two_step_for_admins FROM security_settings)
        AND NOT EXISTS (SELECT 1 FROM two_step
                        WHERE two_step.user_id = users.id AND two_step.enabled_at IS NOT NULL))`.as(
        'two_step_missing',
      ),
    ])
    .where('sessions.token_hash', '=', tokenHash)
    // Deleting a user ends their sessions; this keeps a former user out even so.
    .where('users.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) return undefined;
  if (!row.live) {
    await expireSessions(db, policy, tokenHash);
    return undefined;
  }
  if (row.stale) {
    await db
      .updateTable('sessions')
      .set({ last_seen_at: sql`now()` })
      .where('token_hash', '=', tokenHash)
      .execute();
  }
  const { id, name, email, role, sessionId } = row;
  const twoStepSetupRequired = Boolean(row.two_step_missing);
  return { id, name, email, role, tokenHash, sessionId, twoStepSetupRequired };
}

/** Signs out: the session ends and the sign-out is recorded, together. */
export async function revokeSession(db: Db, user: SessionUser): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom('sessions').where('token_hash', '=', user.tokenHash).execute();
    await audit(tx, {
      actorId: user.id,
      action: 'logout',
      entity: 'session',
      entityId: user.sessionId,
      after: { email: user.email },
    });
  });
}

/** Inside a user change (new password, other role): no audit row of its own, the change has one. */
export async function revokeUserSessions(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

/**
 * Drops expired sessions (all of them, or the one token given) and records each expiry. Called
 * at sign-in, and when an expired token is presented.
 */
export async function expireSessions(
  db: Db,
  policy: SessionPolicy,
  tokenHash?: string,
): Promise<void> {
  await sql`
    WITH gone AS (
      DELETE FROM sessions
      WHERE NOT ${liveSession(policy)}
        ${tokenHash === undefined ? sql`` : sql`AND token_hash = ${tokenHash}`}
      RETURNING id, user_id, created_at, last_seen_at, address, browser
    )
    INSERT INTO audit_log (actor_id, action, entity, entity_id, before, address, browser)
    SELECT gone.user_id, ${'session_expired' satisfies AuditAction}::text,
           ${'session' satisfies RecordKind}::text, gone.id::text,
           jsonb_build_object('email', users.email, 'signedInAt', gone.created_at,
                              'lastSeenAt', gone.last_seen_at),
           gone.address, gone.browser
    FROM gone LEFT JOIN users ON users.id = gone.user_id`.execute(db);
}

/** Every open session, newest sign-in first; `currentId` marks the asker's own. */
export async function listOpenSessions(
  db: Db,
  policy: SessionPolicy,
  currentId: number,
  userId?: number,
): Promise<OpenSession[]> {
  let query = db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id',
      'sessions.user_id',
      'users.name',
      'users.email',
      'users.role',
      'sessions.created_at',
      'sessions.last_seen_at',
      'sessions.address',
      'sessions.browser',
    ])
    .where(liveSession(policy))
    .orderBy('sessions.created_at', 'desc')
    .orderBy('sessions.id', 'desc');
  if (userId !== undefined) query = query.where('sessions.user_id', '=', userId);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    userId: row.user_id,
    name: row.name,
    email: row.email,
    role: row.role,
    signedInAt: new Date(row.created_at).toISOString(),
    lastSeenAt: new Date(row.last_seen_at).toISOString(),
    address: row.address ?? '',
    browser: row.browser ?? '',
    current: row.id === currentId,
  }));
}

/** An admin ends one session; 404 when there is no such session. */
export async function endSession(db: Db, actorId: number, sessionId: number): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const gone = await tx
      .deleteFrom('sessions')
      .where('id', '=', sessionId)
      .returning(['user_id', 'created_at', 'address', 'browser'])
      .executeTakeFirst();
    if (!gone) throw notFound(apiMessages.sessionNotFound);
    const owner = await tx
      .selectFrom('users')
      .select('email')
      .where('id', '=', gone.user_id)
      .executeTakeFirst();
    await audit(tx, {
      actorId,
      action: 'session_ended',
      entity: 'session',
      entityId: sessionId,
      before: {
        email: owner?.email ?? null,
        signedInAt: gone.created_at,
        address: gone.address,
        browser: gone.browser,
      },
    });
  });
}

/**
 * Ends every session of a user, but the one `exceptSessionId` (a user's own "sign out
 * everywhere else"); one audit row says how many. 404 when there is no such user.
 */
export async function endUserSessions(
  db: Db,
  actorId: number,
  userId: number,
  exceptSessionId?: number,
): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const owner = await tx
      .selectFrom('users')
      .select('email')
      .where('id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!owner) throw notFound(apiMessages.userNotFound);
    let query = tx.deleteFrom('sessions').where('user_id', '=', userId);
    if (exceptSessionId !== undefined) query = query.where('id', '<>', exceptSessionId);
    const ended = (await query.returning('id').execute()).length;
    await audit(tx, {
      actorId,
      action: 'session_ended',
      entity: 'user',
      entityId: userId,
      after: { email: owner.email, endedSessions: ended },
    });
    return ended;
  });
}
