// Sessions: an opaque random token for the browser, only its SHA-256 in the database, with an
// idle timeout and an absolute lifetime.
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/index.js';
import type { Role } from 'contract';

export interface SessionUser {
  id: number;
  name: string;
  email: string;
  role: Role;
  tokenHash: string;
}

export interface SessionPolicy {
  idleMinutes: number;
  lifetimeHours: number;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createSession(
  db: Db,
  userId: number,
  policy: SessionPolicy,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      expires_at: sql<Date>`now() + make_interval(hours => ${policy.lifetimeHours})`,
    })
    .execute();
  return token;
}

/** The user behind a live token, refreshing its idle clock at most once a minute. */
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
      sql<boolean>`sessions.last_seen_at < now() - interval '1 minute'`.as('stale'),
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.expires_at', '>', sql<Date>`now()`)
    .where(
      'sessions.last_seen_at',
      '>',
      sql<Date>`now() - make_interval(mins => ${policy.idleMinutes})`,
    )
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.stale) {
    await db
      .updateTable('sessions')
      .set({ last_seen_at: sql`now()` })
      .where('token_hash', '=', tokenHash)
      .execute();
  }
  return { id: row.id, name: row.name, email: row.email, role: row.role, tokenHash };
}

export async function revokeSession(db: Db, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}

export async function revokeUserSessions(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

/** Drops expired sessions; called now and then, not on every request. */
export async function purgeExpiredSessions(db: Db, policy: SessionPolicy): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where((eb) =>
      eb.or([
        eb('expires_at', '<=', sql<Date>`now()`),
        eb('last_seen_at', '<=', sql<Date>`now() - make_interval(mins => ${policy.idleMinutes})`),
      ]),
    )
    .execute();
}
