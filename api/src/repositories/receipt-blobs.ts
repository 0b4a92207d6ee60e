// Receipt bytes in the database: each distinct content once (receipt_blobs, keyed by SHA-256),
// in chunks of CHUNK_BYTES (receipt_chunks), read a chunk at a time when served. A blob is
// written in short statements outside any long transaction, then linked to its entry by the
// caller; a blob that ends up linked to nothing (a refused upload) is deleted by `discardBlobs`,
// and one that a crash left so (the server stopped mid-upload) by `sweepOrphanBlobs` an hour
// later. What may be stored is decided before (receipts/store.ts).
import { createHash } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'kysely';
import { RECEIPT_LIMITS, type ReceiptMediaType } from 'contract';
import type { Db } from '../db/index.js';
import { ADVISORY_LOCK_KEYS } from '../db/advisory-locks.js';
import { fileTooLarge, unsupported } from '../receipts/refusals.js';
import { PDF_TAIL_BYTES } from '../receipts/sniff.js';

export const CHUNK_BYTES = 256 * 1024;

// The chunks cross the SQL boundary as base64 text (encode/decode in the statement), not as bytea
// parameters: PGlite turns a bytea parameter or column into hex a byte at a time on the event
// loop's thread, some 50 ms for one 256 KB chunk written and 37 ms read, where base64 takes 7
// and 3 ms; node-postgres sends a Buffer as hex text anyway.

export interface StoredBlob {
  blobId: number;
  mediaType: ReceiptMediaType;
  bytes: number;
  /** False when the same bytes were stored before and that blob is used. */
  created: boolean;
}

/**
 * Writes the pieces as one blob, refusing (413) more than the receipt limit and (415) a tail
 * that `checkTail` rejects; answers the blob that holds these bytes (this one, or an older one).
 */
export async function writeBlob(
  db: Db,
  mediaType: ReceiptMediaType,
  source: Iterable<Buffer>,
  checkTail?: (tail: Buffer) => boolean,
): Promise<StoredBlob> {
  const { id } = await sql<{ id: number }>`
    INSERT INTO receipt_blobs (media_type, bytes) VALUES (${mediaType}, 0) RETURNING id`
    .execute(db)
    .then((result) => result.rows[0] as { id: number });
  const hash = createHash('sha256');
  let bytes = 0;
  let seq = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let tail = Buffer.alloc(0);
  const flush = async (all: boolean) => {
    while (pendingBytes >= CHUNK_BYTES || (all && pendingBytes > 0)) {
      const joined = Buffer.concat(pending);
      const chunk = joined.subarray(0, CHUNK_BYTES);
      const rest = joined.subarray(chunk.length);
      pending = rest.length ? [rest] : [];
      pendingBytes = rest.length;
      await sql`INSERT INTO receipt_chunks (blob_id, seq, data)
                VALUES (${id}, ${seq}, decode(${chunk.toString('base64')}, 'base64'))`.execute(db);
      seq += 1;
      // The embedded database answers on this thread and through promises only: without a turn
      // of the event loop between chunks, a 100 MB upload held every other request until its
      // last chunk was written.
      await nextTurn();
    }
  };
  try {
    for (const piece of source) {
      hash.update(piece);
      bytes += piece.length;
      if (bytes > RECEIPT_LIMITS.maxFileBytes) throw fileTooLarge();
      pending.push(piece);
      pendingBytes += piece.length;
      tail = Buffer.concat([tail, piece]).subarray(-PDF_TAIL_BYTES);
      await flush(false);
    }
    if (checkTail && !checkTail(tail)) throw unsupported();
    await flush(true);
    return await settle(db, id, hash.digest(), mediaType, bytes);
  } catch (error) {
    await sql`DELETE FROM receipt_blobs WHERE id = ${id}`.execute(db);
    throw error;
  }
}

/** Names the blob by its hash, or drops it for the blob that already holds the same bytes. */
async function settle(
  db: Db,
  id: number,
  sha256: Buffer,
  mediaType: ReceiptMediaType,
  bytes: number,
): Promise<StoredBlob> {
  return db.transaction().execute(async (tx) => {
    // Two uploads of the same bytes at once: the second waits here and then finds the first.
    const content = sha256.toString('hex');
    await sql`SELECT pg_advisory_xact_lock(
      hashtextextended(${content}, ${sql.lit(ADVISORY_LOCK_KEYS.receiptBlob)}))`.execute(tx);
    const existing = await sql<{ id: number; media_type: ReceiptMediaType; bytes: number }>`
      SELECT id, media_type, bytes FROM receipt_blobs WHERE sha256 = ${sha256}::bytea`.execute(tx);
    const found = existing.rows[0];
    if (found) {
      await sql`DELETE FROM receipt_blobs WHERE id = ${id}`.execute(tx);
      // A blob linked to nothing (left by a crash) becomes new again, so that the sweep does
      // not delete it before this upload links it.
      await sql`UPDATE receipt_blobs b SET created_at = now() WHERE b.id = ${found.id}
                AND NOT EXISTS (SELECT 1 FROM receipts r WHERE r.blob_id = b.id)`.execute(tx);
      return {
        blobId: found.id,
        mediaType: found.media_type,
        bytes: Number(found.bytes),
        created: false,
      };
    }
    await sql`UPDATE receipt_blobs SET sha256 = ${sha256}::bytea, bytes = ${bytes}
              WHERE id = ${id}`.execute(tx);
    return { blobId: id, mediaType, bytes, created: true };
  });
}

/** Deletes the blobs this request created that no receipt links to (a refused upload). */
export async function discardBlobs(db: Db, blobs: readonly StoredBlob[]): Promise<void> {
  for (const blob of blobs) {
    if (!blob.created) continue;
    await sql`DELETE FROM receipt_blobs b WHERE b.id = ${blob.blobId}
              AND NOT EXISTS (SELECT 1 FROM receipts r WHERE r.blob_id = b.id)`.execute(db);
  }
}

/** How old a blob linked to no receipt must be before the sweep deletes it. */
export const ORPHAN_MINUTES = 60;

/**
 * Deletes the blobs (and their chunks) that no receipt refers to and that are older than
 * ORPHAN_MINUTES: what a crash mid-upload leaves behind (a half-written blob, or a whole one
 * never linked). Younger ones may be uploads still under way. Answers how many were deleted.
 */
export async function sweepOrphanBlobs(db: Db): Promise<number> {
  const { rows } = await sql<{ id: number }>`
    DELETE FROM receipt_blobs b
    WHERE b.created_at < now() - make_interval(mins => ${ORPHAN_MINUTES})
      AND NOT EXISTS (SELECT 1 FROM receipts r WHERE r.blob_id = b.id)
    RETURNING b.id`.execute(db);
  return rows.length;
}

/** A blob's bytes, a few chunks per query. */
export async function* readBlob(db: Db, blobId: number): AsyncGenerator<Buffer> {
  let next = 0;
  for (;;) {
    const { rows } = await sql<{ seq: number; data: string }>`
      SELECT seq, encode(data, 'base64') AS data FROM receipt_chunks
      WHERE blob_id = ${blobId} AND seq >= ${next}
      ORDER BY seq LIMIT 4`.execute(db);
    for (const row of rows) yield Buffer.from(row.data, 'base64');
    if (rows.length < 4) return;
    next = (rows[rows.length - 1] as { seq: number }).seq + 1;
  }
}
