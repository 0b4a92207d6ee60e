-- How remote screens load, per remote, deployed version and minute (docs/decisions/022-staged-rollout.md).
-- The shell reports each screen load that succeeded, each that failed (at any stage), each render
-- error its error boundary caught and each file refused for its bytes; every server process adds
-- to the same rows, so all of them judge a canary on the same figures. Rows older than two days
-- are deleted by the processes now and then: this is a short window of counts, not a record (the
-- Activity screen keeps what was decided on them), so backups leave it out.
CREATE TABLE remote_health (
  remote             TEXT NOT NULL,
  version            TEXT NOT NULL,
  minute             TIMESTAMPTZ NOT NULL,
  loaded             INTEGER NOT NULL DEFAULT 0 CHECK (loaded >= 0),
  failed_loads       INTEGER NOT NULL DEFAULT 0 CHECK (failed_loads >= 0),
  render_errors      INTEGER NOT NULL DEFAULT 0 CHECK (render_errors >= 0),
  integrity_refusals INTEGER NOT NULL DEFAULT 0 CHECK (integrity_refusals >= 0),
  PRIMARY KEY (remote, version, minute)
);
