-- Two-step sign-in (TOTP, RFC 6238): each user's secret, encrypted by the server's key
-- (AES-256-GCM, lib/two-step-crypto.ts), and the last time step a code of it signed in with, so
-- that a code is taken once; recovery codes as SHA-256 digests; the short-lived challenges that
-- link a correct password to its code step; and the admins' switch that requires two-step of
-- every admin.

CREATE TABLE two_step (
  user_id    INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  -- v1.<iv>.<tag>.<ciphertext>, base64url; the user id is the authenticated data.
  secret     TEXT NOT NULL,
  -- NULL while set up but not turned on (no code from the app seen yet).
  enabled_at TIMESTAMPTZ,
  last_step  BIGINT,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE two_step_recovery_codes (
  user_id   INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash TEXT NOT NULL,
  used_at   TIMESTAMPTZ,
  PRIMARY KEY (user_id, code_hash)
);

-- Only the SHA-256 of a challenge is stored, as for session tokens.
CREATE TABLE two_step_challenges (
  challenge_hash TEXT PRIMARY KEY,
  user_id        INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at     TIMESTAMPTZ NOT NULL
);
CREATE INDEX two_step_challenges_expiry_idx ON two_step_challenges (expires_at);

CREATE TABLE security_settings (
  id                          BOOLEAN PRIMARY KEY DEFAULT true CHECK (id),
  require_two_step_for_admins BOOLEAN NOT NULL DEFAULT false
);
INSERT INTO security_settings (id) VALUES (true);
