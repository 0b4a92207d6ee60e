-- Imports of entries and people from CSV and Excel files (docs/decisions/014-import.md).
--
-- Each import is one entry batch (migration 014) of kind 'import'; this table keeps what the
-- batch does not: the file's name and SHA-256, the kind of rows, how many, the totals and the
-- mapping used. A file (by SHA-256) is imported once while its import stands: the partial unique
-- index makes two imports of the same file at once write it once; an undone import frees it.
CREATE TABLE imports (
  id          BIGSERIAL PRIMARY KEY,
  batch_id    BIGINT NOT NULL UNIQUE REFERENCES entry_batches (id) ON DELETE RESTRICT,
  kind        TEXT NOT NULL CHECK (kind IN ('income', 'expense', 'salary', 'clients', 'employees', 'expenseTypes')),
  file_name   TEXT NOT NULL CHECK (length(file_name) BETWEEN 1 AND 255),
  sha256      TEXT NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  rows        INTEGER NOT NULL CHECK (rows >= 0),
  credit      NUMERIC(16, 2) NOT NULL DEFAULT 0,
  debit       NUMERIC(16, 2) NOT NULL DEFAULT 0,
  mapping     JSONB NOT NULL,
  undone      BOOLEAN NOT NULL DEFAULT false
);
CREATE UNIQUE INDEX imports_sha256_standing ON imports (sha256) WHERE NOT undone;

-- The parties an import created, which its undo removes when nothing refers to them.
CREATE TABLE import_parties (
  import_id   BIGINT NOT NULL REFERENCES imports (id) ON DELETE CASCADE,
  party_kind  TEXT NOT NULL CHECK (party_kind IN ('client', 'employee', 'expenseType')),
  party_id    INTEGER NOT NULL,
  PRIMARY KEY (import_id, party_kind, party_id)
);

-- The mapping last used for a set of column headers (by SHA-256 of the headers) and a kind of
-- import, offered again for the next file with the same headers, whoever imports it.
CREATE TABLE import_mappings (
  headers_sha256 TEXT NOT NULL,
  kind           TEXT NOT NULL,
  mapping        JSONB NOT NULL,
  updated_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (headers_sha256, kind)
);
