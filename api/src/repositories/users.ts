// Users: CRUD with the rules of docs/decisions: unique e-mail (any case), roles staff, admin and
// viewer (read only), the last admin can be neither deleted nor demoted, every change audited. Deleting a user keeps
// their row as a former user (deleted_at, migration 007), so that the entries and audit rows they
// wrote still name them; every lookup here sees current users only.
import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { apiMessages, type Preferences, type Role, type User } from 'contract';
import type { Db } from '../db/index.js';
import { ADVISORY_LOCK_KEYS } from '../db/advisory-locks.js';
import type { AppConfig } from '../config.js';
import { generatePassword } from '../config.js';
import { audit } from '../lib/audit.js';
import { conflict, notFound, badRequest, pgCode, PG_UNIQUE_VIOLATION } from '../lib/errors.js';
import { namesImitate } from '../lib/names.js';
import { hashPassword } from '../lib/password.js';
import { passwordProblem } from '../lib/password-policy.js';
import { revokeUserSessions } from './sessions.js';

const publicColumns = ['id', 'name', 'email', 'role'] as const;

/** The users table without its former users. */
const currentUsers = (db: Db) => db.selectFrom('users').where('deleted_at', 'is', null);

export async function listUsers(db: Db): Promise<User[]> {
  return currentUsers(db).select(publicColumns).orderBy('id').execute();
}

/** The current user with this e-mail (any case); a former user's e-mail signs nobody in. */
export async function findUserForLogin(db: Db, email: string) {
  return currentUsers(db)
    .select([...publicColumns, 'password_hash'])
    .where(sql`lower(email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

/**
 * Stores `newHash` in place of `oldHash` (same password, current algorithm and cost). A password
 * changed meanwhile by an admin is left as it is.
 */
export async function replacePasswordHash(
  db: Db,
  id: number,
  oldHash: string,
  newHash: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: newHash })
    .where('id', '=', id)
    .where('password_hash', '=', oldHash)
    .execute();
}

const translateUnique = (error: unknown): never => {
  if (pgCode(error) === PG_UNIQUE_VIOLATION) throw conflict(apiMessages.emailTaken);
  throw error;
};

/**
 * Additions, changes and deletions of users queue on one transaction-scoped advisory lock, taken before
 * any row lock. Two admins demoting or deleting each other at once would otherwise each lock
 * their target and then wait for the other's row (a deadlock); in one queue the second sees
 * the first's result and the last-admin rule answers it.
 */
const queueUserChange = (tx: Db) =>
  sql`SELECT pg_advisory_xact_lock(${sql.lit(ADVISORY_LOCK_KEYS.userChanges)})`.execute(tx);

export interface NewUser {
  name: string;
  email: string;
  password: string;
  role: Role;
}

export async function createUser(
  db: Db,
  actorId: number | null,
  input: NewUser,
  config: Pick<AppConfig, 'argon2'>,
): Promise<User> {
  const problem = passwordProblem(input.password, input);
  if (problem) throw badRequest(problem);
  const passwordHash = await hashPassword(input.password, config.argon2);
  return db
    .transaction()
    .execute(async (tx) => {
      // In the queue of user changes, so that two look-alike names added at once cannot both pass.
      await queueUserChange(tx);
      await refuseLookAlikeName(tx, input.name);
      return insertUser(tx, actorId, input, passwordHash);
    })
    .catch(translateUnique);
}

/**
 * Refuses a name that would be taken for another user's while spelt differently (confusable:
 * `Аdmin` with a Cyrillic А, or `ADMIN`, beside `Admin`), so that nobody can pass for someone else
 * in the lists and the history. The same name spelt the same is allowed: two people can share a
 * name, and the history shows each with their e-mail.
 */
async function refuseLookAlikeName(tx: Db, name: string, exceptId?: number): Promise<void> {
  let others = tx.selectFrom('users').select('name');
  if (exceptId !== undefined) others = others.where('id', '<>', exceptId);
  for (const other of await others.execute())
    if (namesImitate(other.name, name)) throw conflict(apiMessages.userNameSimilar);
}

/** Inserts the user and its audit row inside the caller's transaction. */
async function insertUser(
  tx: Db,
  actorId: number | null,
  input: NewUser,
  passwordHash: string,
): Promise<User> {
  const user = await tx
    .insertInto('users')
    .values({
      name: input.name.trim(),
      email: input.email.trim(),
      password_hash: passwordHash,
      role: input.role,
    })
    .returning(publicColumns)
    .executeTakeFirstOrThrow();
  await audit(tx, { actorId, action: 'create', entity: 'user', entityId: user.id, after: user });
  return user;
}

export interface UserChanges {
  name: string;
  email?: string;
  password?: string;
  role: Role;
}

/** The user as it is now, locked until the transaction ends; 404 when there is none. */
const lockUser = async (tx: Db, id: number): Promise<User> => {
  const user = await currentUsers(tx)
    .select(publicColumns)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!user) throw notFound(apiMessages.userNotFound);
  return user;
};

/** How many admins there are besides `exceptId` (read under the user-change lock). */
const otherAdmins = async (tx: Db, exceptId: number): Promise<number> => {
  const rows = await currentUsers(tx)
    .select('id')
    .where('role', '=', 'admin')
    .where('id', '<>', exceptId)
    .execute();
  return rows.length;
};

export async function updateUser(
  db: Db,
  actorId: number,
  id: number,
  changes: UserChanges,
  config: Pick<AppConfig, 'argon2'>,
): Promise<User> {
  if (changes.password) {
    const current = await db
      .selectFrom('users')
      .select('email')
      .where('id', '=', id)
      .executeTakeFirst();
    if (!current) throw notFound(apiMessages.userNotFound);
    const problem = passwordProblem(changes.password, { email: current.email, name: changes.name });
    if (problem) throw badRequest(problem);
  }
  const passwordHash = changes.password
    ? await hashPassword(changes.password, config.argon2)
    : undefined;
  return db
    .transaction()
    .execute(async (tx) => {
      await queueUserChange(tx);
      const before = await lockUser(tx, id);
      if (
        changes.email !== undefined &&
        changes.email.trim().toLowerCase() !== before.email.toLowerCase()
      ) {
        throw badRequest(apiMessages.emailReadOnly);
      }
      if (
        before.role === 'admin' &&
        changes.role !== 'admin' &&
        (await otherAdmins(tx, id)) === 0
      ) {
        throw conflict(apiMessages.lastAdmin);
      }
      // A name kept as it was is not checked again: a user is never refused their own name.
      if (changes.name.trim() !== before.name) await refuseLookAlikeName(tx, changes.name, id);
      const after = await tx
        .updateTable('users')
        .set({
          name: changes.name.trim(),
          role: changes.role,
          updated_at: sql`now()`,
          ...(passwordHash ? { password_hash: passwordHash } : {}),
        })
        .where('id', '=', id)
        .returning(publicColumns)
        .executeTakeFirstOrThrow();
      // A new password or a lost role ends the user's other sessions.
      if (passwordHash || before.role !== after.role) await revokeUserSessions(tx, id);
      // A change of role or password is also a security event: its action says so.
      await audit(tx, {
        actorId,
        action:
          before.role !== after.role
            ? 'role_changed'
            : passwordHash
              ? 'password_changed'
              : 'update',
        entity: 'user',
        entityId: id,
        before,
        after: { ...after, passwordChanged: Boolean(passwordHash) },
      });
      return after;
    })
    .catch(translateUnique);
}

/**
 * Makes the user a former user: their sessions end now, they can no longer sign in and their
 * e-mail is free again, while their row stays for the entries and audit rows that name them.
 */
export async function deleteUser(db: Db, actorId: number, id: number): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await queueUserChange(tx);
    const before = await lockUser(tx, id);
    if (id === actorId) throw conflict(apiMessages.ownAccount);
    if (before.role === 'admin' && (await otherAdmins(tx, id)) === 0)
      throw conflict(apiMessages.lastAdmin);
    await tx
      .updateTable('users')
      .set({ deleted_at: sql`now()`, updated_at: sql`now()` })
      .where('id', '=', id)
      .execute();
    await revokeUserSessions(tx, id);
    await audit(tx, { actorId, action: 'delete', entity: 'user', entityId: id, before });
  });
}

/**
 * A user changes their own password (checked by the caller): the user's other sessions end, the
 * one they are using stays, and the change is audited.
 */
export async function changeOwnPassword(
  db: Db,
  user: { id: number; email: string; sessionId: number },
  passwordHash: string,
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: sql`now()` })
      .where('id', '=', user.id)
      .execute();
    const ended = await tx
      .deleteFrom('sessions')
      .where('user_id', '=', user.id)
      .where('id', '<>', user.sessionId)
      .returning('id')
      .execute();
    await audit(tx, {
      actorId: user.id,
      action: 'password_changed',
      entity: 'user',
      entityId: user.id,
      after: { email: user.email, passwordChanged: true, endedSessions: ended.length },
    });
  });
}

const anyUser = (db: Db) => db.selectFrom('users').select('id').limit(1).executeTakeFirst();

/**
 * On an empty database, creates the first admin; a generated password is printed once. Servers
 * starting together on one empty database queue on the migrations' advisory lock and look
 * again under it, so exactly one of them creates the admin and none fails.
 */
export async function ensureFirstAdmin(
  db: Db,
  config: Pick<AppConfig, 'adminEmail' | 'adminPassword' | 'argon2'>,
  log: FastifyBaseLogger,
): Promise<void> {
  if (await anyUser(db)) return;
  const password = config.adminPassword ?? generatePassword();
  // Hashed before taking the lock, so that the others wait only for the insert.
  const passwordHash = await hashPassword(password, config.argon2);
  const created = await db.transaction().execute(async (tx) => {
    await sql`SELECT pg_advisory_xact_lock(${sql.lit(ADVISORY_LOCK_KEYS.migrations)})`.execute(tx);
    if (await anyUser(tx)) return false;
    const admin = { name: 'Admin', email: config.adminEmail, password, role: 'admin' as const };
    await insertUser(tx, null, admin, passwordHash);
    return true;
  });
  if (!created) return;
  if (config.adminPassword) {
    log.info({ email: config.adminEmail }, 'created the first admin');
    // Taken as configured (refusing it would stop the start); said so that it gets changed.
    const problem = passwordProblem(config.adminPassword, {
      email: config.adminEmail,
      name: 'Admin',
    });
    if (problem) log.warn(`ADMIN_PASSWORD breaks the password rules (${problem}): change it`);
  } else {
    // Printed once, on purpose, so that a newcomer can sign in; it is not stored anywhere.
    log.warn(
      { email: config.adminEmail },
      `created the first admin ${config.adminEmail} with the generated password: ${password}`,
    );
  }
}

/** The caller's own preferences (migration 030). */
export async function preferencesOf(db: Db, userId: number): Promise<Preferences> {
  const row = await db
    .selectFrom('users')
    .select('confirm_with_notice')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return { confirmWithNotice: row.confirm_with_notice };
}

/** Sets one's own preferences; a change is audited as an update of the user, in its transaction. */
export function savePreferences(db: Db, userId: number, wanted: Preferences): Promise<Preferences> {
  return db.transaction().execute(async (tx) => {
    const before = await preferencesOf(tx, userId);
    if (before.confirmWithNotice === wanted.confirmWithNotice) return before;
    await tx
      .updateTable('users')
      .set({ confirm_with_notice: wanted.confirmWithNotice, updated_at: sql`now()` })
      .where('id', '=', userId)
      .execute();
    await audit(tx, {
      actorId: userId,
      action: 'update',
      entity: 'user',
      entityId: userId,
      before,
      after: wanted,
    });
    return { confirmWithNotice: wanted.confirmWithNotice };
  });
}
