// The audit trail: one row per change, written with the same transaction as the change, with the
// address and browser of the request that made it. Secrets never reach a row: any field whose
// name says password, hash or token is dropped before writing, at any depth.
import type { Db } from '../db/index.js';
import { currentOrigin } from './request-context.js';

/**
 * What was done. Data changes: create, update, delete, status (a status toggle); role_changed and
 * password_changed are updates of a user that also change what the user may do. Security
 * events: login, login_failed, login_throttled, logout, session_expired, session_ended, and of
 * two-step sign-in two_step_setup (a new secret issued), two_step_on, two_step_off, two_step_failed (a wrong or reused code). Other
 * branches of the product add their own (reverse, books_closed, ...): the log takes any name.
 */
export type AuditAction =
  | 'create'
  | 'update'
  | 'delete'
  | 'status'
  | 'role_changed'
  | 'password_changed'
  | 'login'
  | 'login_failed'
  | 'login_throttled'
  | 'logout'
  | 'session_expired'
  | 'session_ended'
  | 'reverse'
  | 'two_step_setup'
  | 'two_step_on'
  | 'two_step_off'
  | 'two_step_failed'
  | 'backup_taken'
  | 'backup_downloaded';

export interface AuditEntry {
  actorId: number | null;
  action: AuditAction;
  entity: string;
  entityId: string | number | null;
  before?: unknown;
  after?: unknown;
}

const SECRET_FIELD = /password|hash|token|secret/i;
// A boolean saying that a password was changed carries no secret.
const ALLOWED = new Set(['passwordChanged']);

/** A copy of the value without secret-named fields. */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => ALLOWED.has(key) || !SECRET_FIELD.test(key))
      .map(([key, inner]) => [key, withoutSecrets(inner)]),
  );
}

const json = (value: unknown) =>
  value === undefined ? null : JSON.stringify(withoutSecrets(value));

export async function audit(tx: Db, entry: AuditEntry): Promise<void> {
  const origin = currentOrigin();
  await tx
    .insertInto('audit_log')
    .values({
      actor_id: entry.actorId,
      action: entry.action,
      entity: entry.entity,
      entity_id: entry.entityId === null ? null : String(entry.entityId),
      before: json(entry.before),
      after: json(entry.after),
      address: origin.address,
      browser: origin.browser,
    })
    .execute();
}
