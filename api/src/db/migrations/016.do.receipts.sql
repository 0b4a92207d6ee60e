-- Receipts (issue 21): files attached to entries, stored in the database beside the books so a
-- backup carries them (docs/decisions/015-receipts.md). A file's bytes are stored once per
-- content (receipt_blobs, keyed by SHA-256) in chunks of about 256 KB (receipt_chunks), so that
-- they stream in and out without a whole file in memory; `receipts` links a blob to an entry
-- under the name it was uploaded with. A removed receipt is hidden, never erased.
CREATE TABLE receipt_blobs (
  id          BIGSERIAL PRIMARY KEY,
  -- Set once every chunk is written; unique, so the same bytes are stored once.
  sha256      BYTEA UNIQUE CHECK (sha256 IS NULL OR length(sha256) = 32),
  media_type  TEXT NOT NULL
    CHECK (media_type IN ('application/pdf', 'image/jpeg', 'image/png', 'image/webp')),
  bytes       BIGINT NOT NULL CHECK (bytes >= 0),
  created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE receipt_chunks (
  blob_id  BIGINT NOT NULL REFERENCES receipt_blobs (id) ON DELETE CASCADE,
  seq      INTEGER NOT NULL CHECK (seq >= 0),
  data     BYTEA NOT NULL,
  PRIMARY KEY (blob_id, seq)
);

CREATE TABLE receipts (
  id              BIGSERIAL PRIMARY KEY,
  entry_id        BIGINT NOT NULL REFERENCES entries (id),
  blob_id         BIGINT NOT NULL REFERENCES receipt_blobs (id),
  file_name       TEXT NOT NULL CHECK (length(file_name) BETWEEN 1 AND 255),
  added_by        INTEGER REFERENCES users (id),
  added_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
  removed_at      TIMESTAMPTZ,
  removed_by      INTEGER REFERENCES users (id),
  removed_reason  TEXT,
  CHECK ((removed_at IS NULL) = (removed_reason IS NULL))
);
-- The Journal's "With receipt" / "Without receipt" filters and each row's count: the shown
-- receipts of an entry.
CREATE INDEX receipts_entry_idx ON receipts (entry_id) WHERE removed_at IS NULL;
CREATE INDEX receipts_blob_idx ON receipts (blob_id);
