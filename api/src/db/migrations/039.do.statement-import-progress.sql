-- A large statement is imported in batches after its call is answered (issue 39): the import is
-- 'importing' while its batches are written, 'done' once its last batch is in. `lines_read` is
-- how many lines its file has, `lines_done` how many of them are written so far, `progress_at`
-- when its last batch was written (an import that has made no progress for two minutes stopped
-- with its process: shown as interrupted, its lines written so far undone like any import's).
ALTER TABLE statement_imports
  ADD COLUMN state TEXT NOT NULL DEFAULT 'done'
    CHECK (state IN ('importing', 'done', 'interrupted')),
  ADD COLUMN lines_read INTEGER NOT NULL DEFAULT 0 CHECK (lines_read >= 0),
  ADD COLUMN lines_done INTEGER NOT NULL DEFAULT 0 CHECK (lines_done >= 0),
  ADD COLUMN progress_at TIMESTAMPTZ;
UPDATE statement_imports SET lines_read = lines_added + lines_known,
                             lines_done = lines_added + lines_known;
CREATE INDEX statement_imports_importing_idx ON statement_imports (account_id)
  WHERE state = 'importing';
