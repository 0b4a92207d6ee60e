// Two-step sign-in in the database: a user's sealed secret (set up, then turned on by a first
// code), the last time step a code was taken at (a code is taken once: the step only moves
// forward, in one conditional UPDATE, so two requests racing with one code cannot both win), the
// recovery codes' digests (each spent by one conditional UPDATE), the challenges that carry a
// correct password over to its code step, and the admins' "required for admins" switch. Turning
// two-step on or off and changing the switch are audited.
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { apiMessages, type SecuritySettings, type TwoStepStatus } from 'contract';
import type { Db } from '../db/index.js';
import { audit } from '../lib/audit.js';
import { badRequest, conflict, notFound } from '../lib/errors.js';
import {
  looksLikeTotp,
  newRecoveryCodes,
  newTotpSecret,
  openSecret,
  otpauthUri,
  qrDataUrl,
  recoveryCodeHash,
  sealSecret,
  totpStep,
} from '../lib/two-step-crypto.js';

/** How long the code step of a sign-in stays open after the password. */
export const CHALLENGE_MINUTES = 5;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

interface Account {
  id: number;
  email: string;
}

export async function isTwoStepOn(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('two_step')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('enabled_at', 'is not', null)
    .executeTakeFirst();
  return Boolean(row);
}

export async function twoStepStatus(
  db: Db,
  user: { id: number; role: string },
): Promise<TwoStepStatus> {
  const [enabled, left, settings] = await Promise.all([
    isTwoStepOn(db, user.id),
    db
      .selectFrom('two_step_recovery_codes')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('user_id', '=', user.id)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow(),
    securitySettings(db),
  ]);
  return {
    enabled,
    recoveryCodesLeft: enabled ? left.n : 0,
    required: user.role === 'admin' && settings.requireTwoStepForAdmins,
  };
}

/**
 * A new secret for the user's app, stored sealed and not yet in force (a secret set up earlier
 * and never turned on is replaced). 409 when two-step is already on.
 */
export async function setUpTwoStep(db: Db, key: Buffer, user: Account) {
  const secret = newTotpSecret();
  const stored = await db.transaction().execute(async (tx) => {
    const row = await tx
      .insertInto('two_step')
      .values({ user_id: user.id, secret: sealSecret(key, user.id, secret) })
      .onConflict((oc) =>
        oc
          .column('user_id')
          .doUpdateSet({ secret: (eb) => eb.ref('excluded.secret'), last_step: null })
          .where('two_step.enabled_at', 'is', null),
      )
      .returning('user_id')
      .executeTakeFirst();
    if (!row) throw conflict(apiMessages.twoStepAlreadyOn);
    // Recorded so that the Activity screen shows a secret was issued (never the secret itself).
    await audit(tx, {
      actorId: user.id,
      action: 'two_step_setup',
      entity: 'user',
      entityId: user.id,
      after: { email: user.email },
    });
    return row;
  });
  if (!stored) throw conflict(apiMessages.twoStepAlreadyOn);
  const uri = otpauthUri(secret, user.email);
  return { secret, uri, qr: await qrDataUrl(uri) };
}

/**
 * Turns two-step on with a code made from the secret set up, and answers 10 new recovery codes
 * (only their digests are kept). A wrong code is a 400: the caller is signed in, and a 401
 * would sign their browser out.
 */
export async function turnOnTwoStep(
  db: Db,
  key: Buffer,
  user: Account,
  code: string,
): Promise<string[]> {
  return db.transaction().execute(async (tx) => {
    const row = await tx
      .selectFrom('two_step')
      .select(['secret', 'enabled_at'])
      .where('user_id', '=', user.id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw conflict(apiMessages.twoStepNotSetUp);
    if (row.enabled_at) throw conflict(apiMessages.twoStepAlreadyOn);
    const secret = openSecret(key, user.id, row.secret);
    if (secret === undefined) throw conflict(apiMessages.twoStepNotSetUp);
    const step = looksLikeTotp(code) ? await totpStep(secret, code) : undefined;
    if (step === undefined) throw badRequest(apiMessages.invalidCode);
    await tx
      .updateTable('two_step')
      .set({ enabled_at: sql`now()`, last_step: step })
      .where('user_id', '=', user.id)
      .execute();
    const codes = newRecoveryCodes();
    await tx.deleteFrom('two_step_recovery_codes').where('user_id', '=', user.id).execute();
    await tx
      .insertInto('two_step_recovery_codes')
      .values(codes.map((one) => ({ user_id: user.id, code_hash: recoveryCodeHash(one) })))
      .execute();
    await audit(tx, {
      actorId: user.id,
      action: 'two_step_on',
      entity: 'user',
      entityId: user.id,
      after: { email: user.email, twoStep: true },
    });
    return codes;
  });
}

/**
 * Turns two-step off: the user's own choice, or an admin's for a user who lost their phone.
 * The secret, the recovery codes and any open code step go. 404 when it was not on.
 */
export async function turnOffTwoStep(db: Db, actorId: number, userId: number): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const owner = await tx
      .selectFrom('users')
      .select('email')
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!owner) throw notFound(apiMessages.userNotFound);
    const gone = await tx
      .deleteFrom('two_step')
      .where('user_id', '=', userId)
      .where('enabled_at', 'is not', null)
      .returning('user_id')
      .executeTakeFirst();
    if (!gone) throw notFound(apiMessages.twoStepNotOn);
    await tx.deleteFrom('two_step_recovery_codes').where('user_id', '=', userId).execute();
    await tx.deleteFrom('two_step_challenges').where('user_id', '=', userId).execute();
    await audit(tx, {
      actorId,
      action: 'two_step_off',
      entity: 'user',
      entityId: userId,
      before: { email: owner.email, twoStep: true },
      after: { email: owner.email, twoStep: false },
    });
  });
}

export async function listTwoStepUserIds(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('two_step')
    .select('user_id')
    .where('enabled_at', 'is not', null)
    .orderBy('user_id')
    .execute();
  return rows.map((row) => row.user_id);
}

// --- the code step of a sign-in -----------------------------------------------------------------

/** Opens the code step for a user whose password was right; answers the opaque challenge. */
export async function createChallenge(db: Db, userId: number): Promise<string> {
  // Sign-ins are rare: a good moment to drop the code steps never finished.
  await db
    .deleteFrom('two_step_challenges')
    .where('expires_at', '<=', sql<Date>`now()`)
    .execute();
  const challenge = randomBytes(32).toString('base64url');
  await db
    .insertInto('two_step_challenges')
    .values({
      challenge_hash: sha256(challenge),
      user_id: userId,
      expires_at: sql<Date>`now() + make_interval(mins => ${CHALLENGE_MINUTES})`,
    })
    .execute();
  return challenge;
}

/** The user a live challenge belongs to. */
export async function challengeUser(db: Db, challenge: string) {
  return db
    .selectFrom('two_step_challenges')
    .innerJoin('users', 'users.id', 'two_step_challenges.user_id')
    .select(['users.id', 'users.name', 'users.email', 'users.role'])
    .where('two_step_challenges.challenge_hash', '=', sha256(challenge))
    .where('two_step_challenges.expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

/** Ends a code step; false when it was already ended (a racing request finished it first). */
export async function endChallenge(db: Db, challenge: string): Promise<boolean> {
  const gone = await db
    .deleteFrom('two_step_challenges')
    .where('challenge_hash', '=', sha256(challenge))
    .returning('user_id')
    .executeTakeFirst();
  return Boolean(gone);
}

export type CodeCheck = 'totp' | 'recovery' | 'invalid' | 'reused';

/**
 * Checks a code for a user with two-step on and, when it is good, spends it: the app's code
 * moves the last used time step forward (refused when it does not: a replay), a recovery code
 * is marked used. Each is one conditional UPDATE, so of two racing requests one wins.
 */
export async function spendCode(
  db: Db,
  key: Buffer | undefined,
  userId: number,
  code: string,
): Promise<CodeCheck> {
  if (looksLikeTotp(code)) {
    const row = await db
      .selectFrom('two_step')
      .select('secret')
      .where('user_id', '=', userId)
      .where('enabled_at', 'is not', null)
      .executeTakeFirst();
    const secret = row && key ? openSecret(key, userId, row.secret) : undefined;
    const step = secret === undefined ? undefined : await totpStep(secret, code);
    if (step === undefined) return 'invalid';
    const taken = await db
      .updateTable('two_step')
      .set({ last_step: step })
      .where('user_id', '=', userId)
      .where('enabled_at', 'is not', null)
      .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
      .returning('user_id')
      .executeTakeFirst();
    return taken ? 'totp' : 'reused';
  }
  const spent = await db
    .updateTable('two_step_recovery_codes')
    .set({ used_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('code_hash', '=', recoveryCodeHash(code))
    .where('used_at', 'is', null)
    .returning('user_id')
    .executeTakeFirst();
  return spent ? 'recovery' : 'invalid';
}

// --- the admins' switch ---------------------------------------------------------------------------

export async function securitySettings(db: Db): Promise<SecuritySettings> {
  const row = await db
    .selectFrom('security_settings')
    .select('require_two_step_for_admins')
    .executeTakeFirst();
  return { requireTwoStepForAdmins: row?.require_two_step_for_admins ?? false };
}

export async function saveSecuritySettings(
  db: Db,
  actorId: number,
  settings: SecuritySettings,
): Promise<SecuritySettings> {
  return db.transaction().execute(async (tx) => {
    const before = await tx
      .selectFrom('security_settings')
      .select('require_two_step_for_admins')
      .forUpdate()
      .executeTakeFirstOrThrow();
    await tx
      .updateTable('security_settings')
      .set({ require_two_step_for_admins: settings.requireTwoStepForAdmins })
      .execute();
    if (before.require_two_step_for_admins !== settings.requireTwoStepForAdmins) {
      await audit(tx, {
        actorId,
        action: 'update',
        entity: 'security_settings',
        entityId: null,
        before: { requireTwoStepForAdmins: before.require_two_step_for_admins },
        after: { requireTwoStepForAdmins: settings.requireTwoStepForAdmins },
      });
    }
    return settings;
  });
}
