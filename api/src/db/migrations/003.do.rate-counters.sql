-- Counters behind the login throttles and the per-address rate limits, shared by every server
-- process on this database. A counter counts hits in a fixed window that starts with its first
-- hit; `key` is the SHA-256 of what is counted (e.g. failed logins of one e-mail from one
-- address), so no e-mail or address is stored in the clear. Expired rows are swept.
CREATE TABLE rate_counters (
  key        TEXT PRIMARY KEY,
  hits       INTEGER NOT NULL,
  expires_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX rate_counters_expires_idx ON rate_counters (expires_at);
