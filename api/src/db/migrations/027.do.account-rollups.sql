-- Account balances at a million entries (issue 33): each account's money in and out per day,
-- kept by the roll-up queue of migration 021 like the report roll-ups. An entry's write still
-- appends one queue row (now with its account); the fold adds the queue into `account_daily` in
-- the same statement as the others; balances read `account_daily_current` (the folded days and
-- what is still queued, in one snapshot), a few hundred rows per account and year.

LOCK TABLE entries IN SHARE ROW EXCLUSIVE MODE;

-- NULL: an invoice (no money moved), or a row queued before this migration (the rebuild below
-- empties the queue).
ALTER TABLE entry_rollup_queue ADD COLUMN account_id INTEGER;

CREATE TABLE account_daily (
  account_id INTEGER NOT NULL,
  day        DATE NOT NULL,
  -- Money in minus money out: income received adds, expenses and salaries paid take away.
  total      NUMERIC(33, 2) NOT NULL,
  entries    BIGINT NOT NULL,
  PRIMARY KEY (account_id, day)
);

CREATE OR REPLACE FUNCTION entries_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO entry_rollup_queue (kind, party_id, day, credit_debit, total, entries, account_id)
  VALUES (NEW.kind, NEW.party_id, NEW.entry_date, NEW.credit_debit, NEW.amount, 1,
          CASE WHEN NEW.credit_debit = 'Credit' THEN NEW.account_id END);
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION fold_entry_rollups() RETURNS BIGINT LANGUAGE plpgsql AS $$
DECLARE
  folded BIGINT;
BEGIN
  IF NOT pg_try_advisory_xact_lock(727003) THEN
    RETURN 0;
  END IF;
  BEGIN
    LOCK TABLE entry_rollup_queue, entry_daily, entry_monthly, account_daily
      IN ROW EXCLUSIVE MODE NOWAIT;
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
  ), accounts AS (
    INSERT INTO account_daily AS a (account_id, day, total, entries)
    SELECT account_id, day,
           sum(CASE WHEN kind = 'income' THEN total ELSE -total END), sum(entries)
    FROM moved WHERE account_id IS NOT NULL GROUP BY account_id, day
    ON CONFLICT (account_id, day)
    DO UPDATE SET total = a.total + EXCLUDED.total, entries = a.entries + EXCLUDED.entries
  )
  SELECT coalesce(sum(entries), 0) INTO folded FROM moved;
  RETURN folded;
END;
$$;

CREATE OR REPLACE FUNCTION rebuild_entry_rollups() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE entries IN SHARE MODE;
  PERFORM pg_advisory_xact_lock(727003);
  DELETE FROM entry_rollup_queue;
  DELETE FROM entry_daily;
  DELETE FROM entry_monthly;
  DELETE FROM account_daily;
  INSERT INTO entry_daily (kind, day, credit_debit, total, entries)
    SELECT kind, entry_date, credit_debit, sum(amount), count(*) FROM entries
    GROUP BY kind, entry_date, credit_debit;
  INSERT INTO entry_monthly (kind, party_id, month, credit_debit, total, entries)
    SELECT kind, party_id, date_trunc('month', entry_date)::date, credit_debit, sum(amount),
           count(*)
    FROM entries GROUP BY kind, party_id, date_trunc('month', entry_date)::date, credit_debit;
  INSERT INTO account_daily (account_id, day, total, entries)
    SELECT account_id, entry_date, sum(CASE WHEN kind = 'income' THEN amount ELSE -amount END),
           count(*)
    FROM entries WHERE credit_debit = 'Credit' GROUP BY account_id, entry_date;
END;
$$;

CREATE VIEW account_daily_current AS
  SELECT account_id, day, total, entries FROM account_daily
  UNION ALL
  SELECT account_id, day, CASE WHEN kind = 'income' THEN total ELSE -total END, entries
  FROM entry_rollup_queue WHERE account_id IS NOT NULL;

SELECT rebuild_entry_rollups();

-- Suggestions for a statement line (issue 33): an account's payments or receipts of one amount
-- within some days of the line, found by an index range rather than by reading every movement
-- of those days.
CREATE INDEX entries_account_amount_idx ON entries (account_id, amount, entry_date)
  WHERE credit_debit = 'Credit';
