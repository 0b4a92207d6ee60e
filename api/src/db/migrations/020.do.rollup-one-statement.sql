-- The roll-up trigger writes both roll-ups in one statement.
--
-- `npm run bench:load:writers` put the trigger's cost at 10 to 12% of write throughput with the
-- two upserts as two statements; with the trigger emptied it cost nothing measurable, and with
-- one upsert left about half. Each statement a PL/pgSQL function runs is planned, started and
-- ended on its own, so the daily upsert now runs as a data-modifying WITH of the monthly one
-- (PostgreSQL runs such a WITH to completion whether or not it is read): the same rows, the
-- same slots, one statement. The slot choice is unchanged (migration 013).
--
-- The slot's CHECK (0 to 15, migration 002) goes: a profile of the trigger (perf, 50 writers)
-- put 13% of its time in ExecConstraints, most of it reading the check's expression back from
-- its stored form, which PostgreSQL does again for every statement that writes the table. Only
-- this trigger (slot modulo 16) and rebuild_entry_rollups() (slot 0) write these tables.
ALTER TABLE entry_daily DROP CONSTRAINT entry_daily_slot_check;
ALTER TABLE entry_monthly DROP CONSTRAINT entry_monthly_slot_check;

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

  WITH daily AS (
    INSERT INTO entry_daily (kind, day, credit_debit, slot, total, entries)
    VALUES (NEW.kind, NEW.entry_date, NEW.credit_debit, my_slot, NEW.amount, 1)
    ON CONFLICT (kind, day, credit_debit, slot)
    DO UPDATE SET total = entry_daily.total + EXCLUDED.total, entries = entry_daily.entries + 1
  )
  INSERT INTO entry_monthly (kind, party_id, month, credit_debit, slot, total, entries)
  VALUES (NEW.kind, NEW.party_id, date_trunc('month', NEW.entry_date)::date, NEW.credit_debit,
          my_slot, NEW.amount, 1)
  ON CONFLICT (kind, party_id, month, credit_debit, slot)
  DO UPDATE SET total = entry_monthly.total + EXCLUDED.total, entries = entry_monthly.entries + 1;
  RETURN NULL;
END;
$$;
