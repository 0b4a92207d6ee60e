-- Roll-ups that writers do not queue on.
--
-- Measured with `npm run bench:load:writers` and pg_stat_activity: at 50 writers nearly every
-- active backend waited on `Lock: transactionid`, that is on another writer's roll-up slot row.
-- The slot followed the backend (pg_backend_pid() % 16), so 50 connections met three or four to
-- a slot, and the trigger ran right after the entry's INSERT: each writer then kept its slot rows
-- locked through the audit insert, two round trips to the client and its commit.
--
-- 1. The roll-up now runs at commit (a deferred constraint trigger): a slot row is locked only
--    between the trigger and the end of that commit, never while the client is still talking.
-- 2. A transaction takes a free slot instead of a fixed one: the first of the 16, starting at its
--    backend's, whose transaction-scoped advisory lock (727003, slot) it gets without waiting.
--    Two transactions therefore never write the same slot rows at once; only when all 16 are
--    busy does it wait, on its backend's own slot. Every row of one transaction (a reversal's
--    pair, an import) goes to the same slot, and reads still sum the slots.

CREATE OR REPLACE FUNCTION entries_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  first_slot SMALLINT := pg_backend_pid() % 16;
  -- The slot this transaction took for an earlier row, if any (a setting local to it).
  my_slot SMALLINT := nullif(current_setting('office_finance.rollup_slot', true), '')::SMALLINT;
BEGIN
  IF my_slot IS NULL THEN
    my_slot := first_slot;
    FOR step IN 0..15 LOOP
      IF pg_try_advisory_xact_lock(727003, (first_slot + step) % 16) THEN
        my_slot := (first_slot + step) % 16;
        EXIT;
      END IF;
    END LOOP;
    PERFORM set_config('office_finance.rollup_slot', my_slot::TEXT, true);
  END IF;

  INSERT INTO entry_daily (kind, day, credit_debit, slot, total, entries)
  VALUES (NEW.kind, NEW.entry_date, NEW.credit_debit, my_slot, NEW.amount, 1)
  ON CONFLICT (kind, day, credit_debit, slot)
  DO UPDATE SET total = entry_daily.total + EXCLUDED.total, entries = entry_daily.entries + 1;

  INSERT INTO entry_monthly (kind, party_id, month, credit_debit, slot, total, entries)
  VALUES (NEW.kind, NEW.party_id, date_trunc('month', NEW.entry_date)::date, NEW.credit_debit,
          my_slot, NEW.amount, 1)
  ON CONFLICT (kind, party_id, month, credit_debit, slot)
  DO UPDATE SET total = entry_monthly.total + EXCLUDED.total, entries = entry_monthly.entries + 1;
  RETURN NULL;
END;
$$;

DROP TRIGGER entries_rollup_trg ON entries;
CREATE CONSTRAINT TRIGGER entries_rollup_trg AFTER INSERT ON entries
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION entries_rollup();
