-- What /remotes.json served each signed-in user, and what that user's shell reported of it
-- (docs/decisions/022-staged-rollout.md). One row per load (one answer of the list, named by a
-- UUID the shell reports with) and remote: the deployed version that user was given. A health
-- report counts only against such a row of the reporting user, for that version, and a load
-- keeps one outcome (its worst): a canary is judged on what users were served, over distinct
-- users. Every server process writes and reads the same rows, so all of them judge alike. Rows
-- older than two days are deleted by the processes now and then; the Activity screen keeps what
-- was decided on them, so backups leave the table out. It replaces remote_health (counts per
-- minute that any report could add to, for any version).
CREATE TABLE remote_loads (
  load_id     UUID NOT NULL,
  remote      TEXT NOT NULL,
  user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  version     TEXT NOT NULL,
  served_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
  outcome     TEXT CHECK (outcome IN ('loaded', 'render_error', 'failed', 'integrity_refused')),
  stage       TEXT,
  reported_at TIMESTAMPTZ,
  PRIMARY KEY (load_id, remote)
);
CREATE INDEX remote_loads_version ON remote_loads (remote, version, served_at);
CREATE INDEX remote_loads_served_at ON remote_loads (served_at);

DROP TABLE remote_health;
