-- The clerk's day (issue 32): how a user's saves are confirmed. Off: the spec's pop-up (the
-- default); on: a notice on the page that does not take the keyboard. One's own setting, kept
-- with the user (a backup carries it with the users table).
ALTER TABLE users ADD COLUMN confirm_with_notice boolean NOT NULL DEFAULT false;
