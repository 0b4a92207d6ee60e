-- Former users and refused sign-ins that leaked what was typed.
--
-- A deleted user stays in the table, marked with the moment of deletion: entries and audit rows
-- keep pointing at who recorded them, so the journal and the Activity screen go on naming them
-- (as a former user). A former user cannot sign in, is in no list and no user lookup, and their
-- e-mail address is free for a new user.
ALTER TABLE users ADD COLUMN deleted_at TIMESTAMPTZ;

DROP INDEX users_email_key;
CREATE UNIQUE INDEX users_email_key ON users (lower(email)) WHERE deleted_at IS NULL;

-- Who recorded an entry or did a change is never rewritten: a user row that is referenced can no
-- longer be removed (it was SET NULL, which the entries' immutability refused anyway).
ALTER TABLE entries DROP CONSTRAINT entries_created_by_fkey;
ALTER TABLE entries ADD CONSTRAINT entries_created_by_fkey
  FOREIGN KEY (created_by) REFERENCES users (id) ON DELETE RESTRICT;
ALTER TABLE audit_log DROP CONSTRAINT audit_log_actor_id_fkey;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_actor_id_fkey
  FOREIGN KEY (actor_id) REFERENCES users (id) ON DELETE RESTRICT;

-- With the user kept, entries have no change left to allow: none at all.
CREATE OR REPLACE FUNCTION entries_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'entries are immutable' USING ERRCODE = 'raise_exception';
END;
$$;

-- A refused sign-in now records what was typed as the e-mail only when it is a well-formed
-- address (src/lib/sign-in-events.ts); rows recorded before hold whatever was typed, passwords
-- typed into the e-mail field among them. They get the same fixed text (apiMessages
-- .notAnEmailAddress) under the same rule: the `email` format of the user schemas (ajv-formats).
UPDATE audit_log
SET after = jsonb_set(after, '{email}', to_jsonb('(not an e-mail address)'::text))
WHERE action IN ('login_failed', 'login_throttled')
  AND jsonb_typeof(after -> 'email') = 'string'
  AND NOT (after ->> 'email' ~* '^[a-z0-9!#$%&''*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&''*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$');
