// Refused sign-ins in the audit log: a wrong e-mail or password, and attempts turned away by a
// throttle. Nothing else changes when a sign-in is refused, so the row is written on its own.
// Successful sign-ins are recorded with the session they open (repositories/sessions.ts).
import type { Db } from '../db/index.js';
import { audit } from './audit.js';

export type RefusedSignIn = 'login_failed' | 'login_throttled' | 'two_step_failed';

/** Records a refused sign-in with the e-mail tried (when known) and the request's origin. */
export async function recordRefusedSignIn(
  db: Db,
  action: RefusedSignIn,
  email: string | null,
): Promise<void> {
  await audit(db, {
    actorId: null,
    action,
    entity: 'session',
    entityId: null,
    after: { email },
  });
}
