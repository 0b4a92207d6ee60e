// Users: CRUD with the rules of docs/decisions: unique e-mail (any case), roles staff/admin,
// the last admin can be neither deleted nor demoted, every change audited.
import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { apiMessages, type Role, type User } from 'contract';
import type { Db } from '../db/index.js';
import type { AppConfig } from '../config.js';
import { generatePassword } from '../config.js';
import { audit } from '../lib/audit.js';
import { conflict, notFound, badRequest, pgCode, PG_UNIQUE_VIOLATION } from '../lib/errors.js';
import { hashPassword } from '../lib/password.js';
import { revokeUserSessions } from './sessions.js';

const publicColumns = ['id', 'name', 'email', 'role'] as const;

export async function listUsers(db: Db): Promise<User[]> {
  return db.selectFrom('users').select(publicColumns).orderBy('id').execute();
}

export async function findUserForLogin(db: Db, email: string) {
  return db
    .selectFrom('users')
    .select([...publicColumns, 'password_hash'])
    .where(sql`lower(email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

const translateUnique = (error: unknown): never => {
  if (pgCode(error) === PG_UNIQUE_VIOLATION) throw conflict(apiMessages.emailTaken);
  throw error;
};

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
  config: Pick<AppConfig, 'scrypt'>,
): Promise<User> {
  const passwordHash = await hashPassword(input.password, config.scrypt);
  return db
    .transaction()
    .execute(async (tx) => {
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
      await audit(tx, {
        actorId,
        action: 'create',
        entity: 'user',
        entityId: user.id,
        after: user,
      });
      return user;
    })
    .catch(translateUnique);
}

export interface UserChanges {
  name: string;
  email?: string;
  password?: string;
  role: Role;
}

/** The user as it is now, locked until the transaction ends; 404 when there is none. */
const lockUser = async (tx: Db, id: number): Promise<User> => {
  const user = await tx
    .selectFrom('users')
    .select(publicColumns)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!user) throw notFound(apiMessages.userNotFound);
  return user;
};

/** Admins other than `exceptId`, locked so that two demotions cannot race past the check. */
const otherAdmins = async (tx: Db, exceptId: number): Promise<number> => {
  const rows = await tx
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .where('id', '<>', exceptId)
    .forUpdate()
    .execute();
  return rows.length;
};

export async function updateUser(
  db: Db,
  actorId: number,
  id: number,
  changes: UserChanges,
  config: Pick<AppConfig, 'scrypt'>,
): Promise<User> {
  const passwordHash = changes.password
    ? await hashPassword(changes.password, config.scrypt)
    : undefined;
  return db
    .transaction()
    .execute(async (tx) => {
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

export async function deleteUser(db: Db, actorId: number, id: number): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const before = await lockUser(tx, id);
    if (id === actorId) throw conflict(apiMessages.ownAccount);
    if (before.role === 'admin' && (await otherAdmins(tx, id)) === 0)
      throw conflict(apiMessages.lastAdmin);
    await tx.deleteFrom('users').where('id', '=', id).execute();
    await audit(tx, { actorId, action: 'delete', entity: 'user', entityId: id, before });
  });
}

/** On an empty database, creates the first admin; a generated password is printed once. */
export async function ensureFirstAdmin(
  db: Db,
  config: Pick<AppConfig, 'adminEmail' | 'adminPassword' | 'scrypt'>,
  log: FastifyBaseLogger,
): Promise<void> {
  const existing = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return;
  const password = config.adminPassword ?? generatePassword();
  await createUser(
    db,
    null,
    { name: 'Admin', email: config.adminEmail, password, role: 'admin' },
    config,
  );
  if (config.adminPassword) {
    log.info({ email: config.adminEmail }, 'created the first admin');
  } else {
    // Printed once, on purpose, so that a newcomer can sign in; it is not stored anywhere.
    log.warn(
      { email: config.adminEmail },
      `created the first admin ${config.adminEmail} with the generated password: ${password}`,
    );
  }
}
