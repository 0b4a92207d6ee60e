-- Roll-ups folded in batches: an entry's write adds one row to a queue, and a folder moves the
-- queue into the roll-ups.
--
-- Until now every entry upserted two roll-up rows in its own transaction (migrations 013 and
-- 020): an index probe for the conflict and a row update each. `npm run bench:load:writers` put
-- that at 5 to 11% of write throughput at 50 writers, against a 10% budget
-- (docs/decisions/005-money-bounds.md). Now:
--
-- 1. The trigger appends each entry's sums to `entry_rollup_queue`, a table without indexes, so
--    an entry costs one more heap row and no probe, no update and no lock anyone else waits on.
--    (A statement trigger that queued one row per key of the statement, through a transition
--    table, measured 5.7%, 9.8% and 5.1% at 1, 10 and 50 writers; this row trigger measured
--    2.1% and 0.5% at 50. The writers insert one entry per statement, and a transition table
--    and its GROUP BY are set up for every statement.)
-- 2. fold_entry_rollups() moves the queue into the roll-ups in one statement (the queue's rows
--    deleted and their sums added to `entry_daily` and `entry_monthly`), one folder at a time.
--    Rows of transactions not yet committed are not visible to it and wait for the next fold.
--    Each server process calls it every ROLLUP_FOLD_MS (api/src/db/rollup-folder.ts).
-- 3. Reports read `entry_daily_current` and `entry_monthly_current`: the roll-ups plus what is
--    still queued, in one snapshot. A fold moves rows from one side to the other in one
--    transaction, so no reader sees a sum twice or not at all, and an entry counts in every
--    report from its commit on, as before.
--
-- With one folder at a time, the roll-up rows are written by one transaction at once, so the
-- slots of migrations 002 and 013 go: each key's slot rows are summed into one row.

-- Writers of the previous version (a process not yet restarted) add to the roll-ups at their
-- commit: an increment committed between the copy of the slots below and the DELETE after it
-- would be lost. This waits for every open insert and holds new ones off until the migration
-- commits.
LOCK TABLE entries IN SHARE ROW EXCLUSIVE MODE;

CREATE TABLE entry_rollup_queue (
  kind         TEXT NOT NULL,
  party_id     INTEGER NOT NULL,
  day          DATE NOT NULL,
  credit_debit TEXT NOT NULL,
  total        NUMERIC(33, 2) NOT NULL,
  entries      BIGINT NOT NULL
) WITH (
  -- Every row is deleted within about a second of its commit: vacuum it after every few
  -- thousand rather than after a fifth of a table that is nearly always empty.
  autovacuum_vacuum_scale_factor = 0,
  autovacuum_vacuum_threshold = 5000
);
-- Deletes from a table without a key cannot be published: should the database ever publish
-- all its tables (logical replication, change-data capture), the fold still works.
ALTER TABLE entry_rollup_queue REPLICA IDENTITY FULL;

-- One row per key: the slots summed.
CREATE TABLE entry_daily_folded AS
  SELECT kind, day, credit_debit, sum(total) AS total, sum(entries) AS entries
  FROM entry_daily GROUP BY kind, day, credit_debit;
DELETE FROM entry_daily;
ALTER TABLE entry_daily DROP CONSTRAINT entry_daily_pkey, DROP COLUMN slot;
ALTER TABLE entry_daily ADD PRIMARY KEY (kind, day, credit_debit);
INSERT INTO entry_daily (kind, day, credit_debit, total, entries)
  SELECT kind, day, credit_debit, total, entries FROM entry_daily_folded;
DROP TABLE entry_daily_folded;

CREATE TABLE entry_monthly_folded AS
  SELECT kind, party_id, month, credit_debit, sum(total) AS total, sum(entries) AS entries
  FROM entry_monthly GROUP BY kind, party_id, month, credit_debit;
DELETE FROM entry_monthly;
ALTER TABLE entry_monthly DROP CONSTRAINT entry_monthly_pkey, DROP COLUMN slot;
ALTER TABLE entry_monthly ADD PRIMARY KEY (kind, party_id, month, credit_debit);
INSERT INTO entry_monthly (kind, party_id, month, credit_debit, total, entries)
  SELECT kind, party_id, month, credit_debit, total, entries FROM entry_monthly_folded;
DROP TABLE entry_monthly_folded;

DROP TRIGGER entries_rollup_trg ON entries;
DROP FUNCTION entries_rollup();

CREATE FUNCTION entries_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO entry_rollup_queue (kind, party_id, day, credit_debit, total, entries)
  VALUES (NEW.kind, NEW.party_id, NEW.entry_date, NEW.credit_debit, NEW.amount, 1);
  RETURN NULL;
END;
$$;

CREATE TRIGGER entries_rollup_trg AFTER INSERT ON entries
  FOR EACH ROW EXECUTE FUNCTION entries_rollup();

-- Folds the queue into the roll-ups; returns how many entries it moved (0 when another fold is
-- under way: that one moves them). The advisory key is ADVISORY_LOCK_KEYS.rollupFold
-- (api/src/db/advisory-locks.ts). Each key occurs once in the GROUP BY, as ON CONFLICT requires.
-- A fold never waits while it holds the key: when a restore or a migration holds the tables
-- (and will call the rebuild, which waits for the key), it gives way and returns 0, instead of
-- closing a deadlock.
CREATE FUNCTION fold_entry_rollups() RETURNS BIGINT LANGUAGE plpgsql AS $$
DECLARE
  folded BIGINT;
BEGIN
  IF NOT pg_try_advisory_xact_lock(727003) THEN
    RETURN 0;
  END IF;
  BEGIN
    LOCK TABLE entry_rollup_queue, entry_daily, entry_monthly IN ROW EXCLUSIVE MODE NOWAIT;
  EXCEPTION WHEN lock_not_available THEN
    RETURN 0;
  END;
  WITH moved AS (
    DELETE FROM entry_rollup_queue RETURNING *
  ), daily AS (
    INSERT INTO entry_daily AS d (kind, day, credit_debit, total, entries)
    SELECT kind, day, credit_debit, sum(total), sum(entries) FROM moved
    GROUP BY kind, day, credit_debit
    ON CONFLICT (kind, day, credit_debit)
    DO UPDATE SET total = d.total + EXCLUDED.total, entries = d.entries + EXCLUDED.entries
  ), monthly AS (
    INSERT INTO entry_monthly AS m (kind, party_id, month, credit_debit, total, entries)
    SELECT kind, party_id, date_trunc('month', day)::date, credit_debit, sum(total), sum(entries)
    FROM moved GROUP BY kind, party_id, date_trunc('month', day)::date, credit_debit
    ON CONFLICT (kind, party_id, month, credit_debit)
    DO UPDATE SET total = m.total + EXCLUDED.total, entries = m.entries + EXCLUDED.entries
  )
  SELECT coalesce(sum(entries), 0) INTO folded FROM moved;
  RETURN folded;
END;
$$;

-- Rebuilt from the entries alone. Writers are held off for the rebuild (a SHARE lock on entries
-- waits for every open insert and blocks new ones until this transaction ends), so no entry is
-- both queued and counted; and the fold's lock is taken, so no fold runs half-way through.
CREATE OR REPLACE FUNCTION rebuild_entry_rollups() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE entries IN SHARE MODE;
  PERFORM pg_advisory_xact_lock(727003);
  DELETE FROM entry_rollup_queue;
  DELETE FROM entry_daily;
  DELETE FROM entry_monthly;
  INSERT INTO entry_daily (kind, day, credit_debit, total, entries)
    SELECT kind, entry_date, credit_debit, sum(amount), count(*) FROM entries
    GROUP BY kind, entry_date, credit_debit;
  INSERT INTO entry_monthly (kind, party_id, month, credit_debit, total, entries)
    SELECT kind, party_id, date_trunc('month', entry_date)::date, credit_debit, sum(amount),
           count(*)
    FROM entries GROUP BY kind, party_id, date_trunc('month', entry_date)::date, credit_debit;
END;
$$;

CREATE VIEW entry_daily_current AS
  SELECT kind, day, credit_debit, total, entries FROM entry_daily
  UNION ALL
  SELECT kind, day, credit_debit, total, entries FROM entry_rollup_queue;

CREATE VIEW entry_monthly_current AS
  SELECT kind, party_id, month, credit_debit, total, entries FROM entry_monthly
  UNION ALL
  SELECT kind, party_id, date_trunc('month', day)::date, credit_debit, total, entries
  FROM entry_rollup_queue;
