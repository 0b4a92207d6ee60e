// Receipts linked to entries: attach (any period, at most RECEIPT_LIMITS.maxFilesPerEntry shown
// an entry), list with signed addresses, remove with a reason (hidden, not erased; refused in a
// closed period), the file of a receipt, and this month's expenses that lack one. Attaching and
// removing are recorded in the activity against the entry (docs/decisions/015-receipts.md).
import { sql } from 'kysely';
import {
  apiMessages,
  ENTRY_RECORD_KINDS,
  RECEIPT_LIMITS,
  type EntryKind,
  type Receipt,
  type ReceiptMediaType,
  type ReceiptsMissing,
} from 'contract';
import type { Db } from '../db/index.js';
import { isoText, personColumns } from '../db/fragments.js';
import { audit } from '../lib/audit.js';
import { HttpError, notFound } from '../lib/errors.js';
import { monthStart } from '../lib/dates.js';
import type { SessionPolicy } from './sessions.js';
import { refuseClosedPeriod } from '../books/index.js';
import { signedUrl, type Signer } from '../receipts/signing.js';
import type { StoredBlob } from './receipt-blobs.js';

export interface NewReceipt {
  blob: StoredBlob;
  fileName: string;
}

export interface EntryRef {
  id: number;
  kind: EntryKind;
}

export const tooManyReceipts = () => new HttpError(413, apiMessages.tooManyReceipts);

/** The entry receipts go to, or 404. */
export async function findEntry(db: Db, id: number): Promise<EntryRef & { date: string }> {
  const { rows } = await sql<EntryRef & { date: string }>`
    SELECT id, kind, entry_date AS date FROM entries WHERE id = ${id}`.execute(db);
  if (!rows[0]) throw notFound(apiMessages.entryNotFound);
  return rows[0];
}

/** How many shown receipts the entry has. */
export async function shownCount(db: Db, entryId: number): Promise<number> {
  const { rows } = await sql<{ count: number }>`
    SELECT count(*)::int AS count FROM receipts
    WHERE entry_id = ${entryId} AND removed_at IS NULL`.execute(db);
  return rows[0]?.count ?? 0;
}

/** What the activity records of one linked file. */
export interface LinkedReceipt {
  receipt: number;
  fileName: string;
  mediaType: ReceiptMediaType;
  bytes: number;
}

/**
 * Links stored files to an entry, inside the caller's transaction, and answers what to record
 * of them in the activity (the caller writes that one row). The entry row is locked so that two
 * uploads at once cannot pass the limit together.
 */
export async function linkReceipts(
  tx: Db,
  userId: number,
  entryId: number,
  files: readonly NewReceipt[],
): Promise<LinkedReceipt[]> {
  await sql`SELECT id FROM entries WHERE id = ${entryId} FOR UPDATE`.execute(tx);
  if ((await shownCount(tx, entryId)) + files.length > RECEIPT_LIMITS.maxFilesPerEntry)
    throw tooManyReceipts();
  const linked: LinkedReceipt[] = [];
  for (const file of files) {
    const { rows } = await sql<{ id: number }>`
      INSERT INTO receipts (entry_id, blob_id, file_name, added_by)
      VALUES (${entryId}, ${file.blob.blobId}, ${file.fileName}, ${userId})
      RETURNING id`.execute(tx);
    linked.push({
      receipt: (rows[0] as { id: number }).id,
      fileName: file.fileName,
      mediaType: file.blob.mediaType,
      bytes: file.blob.bytes,
    });
  }
  return linked;
}

/**
 * Links the shown receipts of one entry to another (a correction's corrected entry), inside the
 * caller's transaction: new receipt rows pointing at the same stored files, no bytes copied.
 * Answers what to record of them in the activity.
 */
export async function carryReceipts(
  tx: Db,
  userId: number,
  fromEntryId: number,
  toEntryId: number,
): Promise<LinkedReceipt[]> {
  const { rows } = await sql<{
    id: number;
    file_name: string;
    media_type: ReceiptMediaType;
    bytes: string | number;
  }>`
    WITH carried AS (
      INSERT INTO receipts (entry_id, blob_id, file_name, added_by)
      SELECT ${toEntryId}, blob_id, file_name, ${userId} FROM receipts
      WHERE entry_id = ${fromEntryId} AND removed_at IS NULL
      ORDER BY id
      RETURNING id, blob_id, file_name
    )
    SELECT c.id, c.file_name, b.media_type, b.bytes
    FROM carried c JOIN receipt_blobs b ON b.id = c.blob_id
    ORDER BY c.id`.execute(tx);
  return rows.map((row) => ({
    receipt: Number(row.id),
    fileName: row.file_name,
    mediaType: row.media_type,
    bytes: Number(row.bytes),
  }));
}

/**
 * Attaches files to an existing entry in one transaction: one activity row on the entry's record
 * lists every file attached. Answers the new receipts' ids.
 */
export async function attachReceipts(
  db: Db,
  userId: number,
  entry: EntryRef,
  files: readonly NewReceipt[],
): Promise<number[]> {
  return db.transaction().execute(async (tx) => {
    const linked = await linkReceipts(tx, userId, entry.id, files);
    await audit(tx, {
      actorId: userId,
      action: 'receipt_attached',
      entity: ENTRY_RECORD_KINDS[entry.kind],
      entityId: entry.id,
      after: { receipts: linked },
    });
    return linked.map((one) => one.receipt);
  });
}

type ReceiptRow = {
  id: number;
  entry_id: number;
  file_name: string;
  media_type: ReceiptMediaType;
  bytes: number;
  added_at: string;
  user_id: number | null;
  user_name: string | null;
  user_email: string | null;
  user_former: boolean | null;
};

/** The shown receipts of an entry (404 for no such entry), oldest first, with signed addresses. */
export async function listReceipts(db: Db, entryId: number, signer: Signer): Promise<Receipt[]> {
  await findEntry(db, entryId);
  const { rows } = await sql<ReceiptRow>`
    SELECT r.id, r.entry_id, r.file_name, b.media_type, b.bytes,
           ${isoText('r.added_at')} AS added_at, ${personColumns('u', 'user')}
    FROM receipts r
    JOIN receipt_blobs b ON b.id = r.blob_id
    LEFT JOIN users u ON u.id = r.added_by
    WHERE r.entry_id = ${entryId} AND r.removed_at IS NULL
    ORDER BY r.id`.execute(db);
  return rows.map((row) => ({
    id: row.id,
    entryId: row.entry_id,
    fileName: row.file_name,
    mediaType: row.media_type,
    bytes: Number(row.bytes),
    addedAt: row.added_at,
    addedBy:
      row.user_id === null
        ? null
        : {
            id: row.user_id,
            name: row.user_name ?? '',
            email: row.user_email ?? '',
            former: row.user_former === true,
          },
    url: signedUrl(signer, row.id, false),
    downloadUrl: signedUrl(signer, row.id, true),
  }));
}

/** Hides a receipt, with who, when and why; refused when its entry is in the closed period. */
export async function removeReceipt(
  db: Db,
  userId: number,
  receiptId: number,
  reason: string,
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const { rows } = await sql<{
      entry_id: number;
      kind: EntryKind;
      date: string;
      file_name: string;
    }>`
      SELECT r.entry_id, e.kind, e.entry_date AS date, r.file_name
      FROM receipts r JOIN entries e ON e.id = r.entry_id
      WHERE r.id = ${receiptId} AND r.removed_at IS NULL
      FOR UPDATE OF r`.execute(tx);
    const found = rows[0];
    if (!found) throw notFound(apiMessages.receiptNotFound);
    await refuseClosedPeriod(tx, [found.date], 'receiptRemoval');
    await sql`UPDATE receipts SET removed_at = now(), removed_by = ${userId},
                removed_reason = ${reason}
              WHERE id = ${receiptId}`.execute(tx);
    await audit(tx, {
      actorId: userId,
      action: 'receipt_removed',
      entity: ENTRY_RECORD_KINDS[found.kind],
      entityId: found.entry_id,
      before: { receipt: receiptId, fileName: found.file_name },
      after: { receipt: receiptId, fileName: found.file_name, removed: true, reason },
    });
  });
}

export interface ReceiptFile {
  blobId: number;
  fileName: string;
  mediaType: ReceiptMediaType;
  bytes: number;
}

/** The file of a shown receipt, or 404. */
export async function receiptFile(db: Db, receiptId: number): Promise<ReceiptFile> {
  const { rows } = await sql<{
    blob_id: number;
    file_name: string;
    media_type: ReceiptMediaType;
    bytes: number;
  }>`
    SELECT r.blob_id, r.file_name, b.media_type, b.bytes
    FROM receipts r JOIN receipt_blobs b ON b.id = r.blob_id
    WHERE r.id = ${receiptId} AND r.removed_at IS NULL AND b.sha256 IS NOT NULL`.execute(db);
  const row = rows[0];
  if (!row) throw notFound(apiMessages.receiptNotFound);
  return {
    blobId: row.blob_id,
    fileName: row.file_name,
    mediaType: row.media_type,
    bytes: Number(row.bytes),
  };
}

/** The stored token hash of a live session (a signed address's key), or undefined. */
export async function liveSessionKey(
  db: Db,
  sessionId: number,
  policy: SessionPolicy,
): Promise<string | undefined> {
  const { rows } = await sql<{ token_hash: string }>`
    SELECT s.token_hash FROM sessions s JOIN users u ON u.id = s.user_id
    WHERE s.id = ${sessionId} AND u.deleted_at IS NULL AND s.expires_at > now()
      AND s.last_seen_at > now() - make_interval(mins => ${policy.idleMinutes})`.execute(db);
  return rows[0]?.token_hash;
}

/** This month's expense entries (to today) with no shown receipt: the journal's same filter. */
export async function receiptsMissing(db: Db, today: string): Promise<ReceiptsMissing> {
  const from = monthStart(today);
  const { rows } = await sql<{ count: number }>`
    SELECT count(*)::int AS count FROM entries e
    WHERE e.kind = 'expense' AND e.entry_date BETWEEN ${from} AND ${today}
      AND NOT EXISTS (SELECT 1 FROM receipts r WHERE r.entry_id = e.id AND r.removed_at IS NULL)`.execute(
    db,
  );
  return { count: rows[0]?.count ?? 0, from, to: today };
}
