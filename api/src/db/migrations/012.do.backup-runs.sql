-- Backups taken by the running server (issue 18): one row per attempt, good or failed, written
-- when it ends. Several server processes on one PostgreSQL agree through it when the last good
-- backup was taken (read under an advisory lock), and admins see the kept files' manifests and
-- the last failure from it. Not carried in backups (docs/decisions/012-backup-format.md).
CREATE TABLE backup_runs (
  id          BIGSERIAL PRIMARY KEY,
  started_at  TIMESTAMPTZ NOT NULL,
  finished_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  status      TEXT NOT NULL CHECK (status IN ('ok', 'failed')),
  -- What started it: the schedule, or an admin's "Back up now".
  trigger     TEXT NOT NULL CHECK (trigger IN ('schedule', 'manual')),
  -- The file's name in the backup folder (a good backup), or the name it was to have.
  file        TEXT,
  bytes       BIGINT,
  -- From the manifest: the snapshot's time, each table with its rows, and encryption.
  taken_at    TIMESTAMPTZ,
  tables      JSONB,
  encrypted   BOOLEAN,
  -- Why it failed, in words for admins.
  message     TEXT,
  -- The server process that took it: host name and process id.
  taken_by    TEXT NOT NULL
);
CREATE INDEX backup_runs_status_idx ON backup_runs (status, started_at);
