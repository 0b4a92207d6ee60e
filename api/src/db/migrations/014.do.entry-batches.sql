-- Entry batches: many entries written in one step (an import, a payroll run, the due occurrences
-- of repeating entries) and undone in one step (docs/decisions/013-entry-batches.md).
--
-- A batch is written in the same transaction as its entries; its entries carry its id. Undoing
-- it reverses every entry (reversals, never deletions) and marks the batch; who and why are kept.
CREATE TABLE entry_batches (
  id             BIGSERIAL PRIMARY KEY,
  kind           TEXT NOT NULL CHECK (kind IN ('import', 'payroll', 'recurring')),
  label          TEXT NOT NULL CHECK (length(label) BETWEEN 1 AND 500),
  -- NULL: the server itself (automatic posting).
  created_by     INTEGER REFERENCES users (id) ON DELETE RESTRICT,
  created_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
  reversed_at    TIMESTAMPTZ,
  reversed_by    INTEGER REFERENCES users (id) ON DELETE RESTRICT,
  reverse_reason TEXT,
  CHECK ((reversed_at IS NULL) = (reverse_reason IS NULL))
);
CREATE INDEX entry_batches_kind_idx ON entry_batches (kind, id);

ALTER TABLE entries ADD COLUMN batch_id BIGINT REFERENCES entry_batches (id) ON DELETE RESTRICT;
CREATE INDEX entries_batch_idx ON entries (batch_id, entry_date, id) WHERE batch_id IS NOT NULL;
