// The audit trail: one row per change, written with the same transaction as the change.
import type { Db } from '../db/index.js';

export interface AuditEntry {
  actorId: number | null;
  action: 'create' | 'update' | 'delete' | 'status' | 'login' | 'logout' | 'reverse';
  entity: string;
  entityId: string | number | null;
  before?: unknown;
  after?: unknown;
}

export async function audit(tx: Db, entry: AuditEntry): Promise<void> {
  await tx
    .insertInto('audit_log')
    .values({
      actor_id: entry.actorId,
      action: entry.action,
      entity: entry.entity,
      entity_id: entry.entityId === null ? null : String(entry.entityId),
      before: entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === undefined ? null : JSON.stringify(entry.after),
    })
    .execute();
}
