-- Roll-ups that cannot overflow and do not make writers queue.
--
-- Totals: the largest amount is 999,999,999,999.99 (entries.amount NUMERIC(14,2)) and there can
-- be at most 2^63 - 1 entries (BIGSERIAL), so no sum of amounts reaches 10^31. NUMERIC(33,2)
-- holds every such sum, and the entry counts are BIGINT (docs/decisions/005-money-bounds.md).
--
-- Slots: every entry of a kind on one day used to update the same entry_daily row, so
-- concurrent writers waited on its row lock until each other's commit. Each roll-up key is now
-- spread over up to 16 slot rows: a connection always adds to the slot of its backend process,
-- so two connections meet on one row only when their process ids fall on the same slot. Reads
-- sum the slots; a bulk rebuild puts everything in slot 0.

ALTER TABLE entry_daily
  ALTER COLUMN total TYPE NUMERIC(33, 2),
  ALTER COLUMN entries TYPE BIGINT,
  ADD COLUMN slot SMALLINT NOT NULL DEFAULT 0 CHECK (slot BETWEEN 0 AND 15),
  DROP CONSTRAINT entry_daily_pkey,
  ADD PRIMARY KEY (kind, day, credit_debit, slot);

ALTER TABLE entry_monthly
  ALTER COLUMN total TYPE NUMERIC(33, 2),
  ALTER COLUMN entries TYPE BIGINT,
  ADD COLUMN slot SMALLINT NOT NULL DEFAULT 0 CHECK (slot BETWEEN 0 AND 15),
  DROP CONSTRAINT entry_monthly_pkey,
  ADD PRIMARY KEY (kind, party_id, month, credit_debit, slot);

CREATE OR REPLACE FUNCTION entries_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  my_slot SMALLINT := pg_backend_pid() % 16;
BEGIN
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

CREATE OR REPLACE FUNCTION rebuild_entry_rollups() RETURNS void LANGUAGE sql AS $$
  DELETE FROM entry_daily;
  DELETE FROM entry_monthly;
  INSERT INTO entry_daily (kind, day, credit_debit, slot, total, entries)
    SELECT kind, entry_date, credit_debit, 0, sum(amount), count(*) FROM entries
    GROUP BY kind, entry_date, credit_debit;
  INSERT INTO entry_monthly (kind, party_id, month, credit_debit, slot, total, entries)
    SELECT kind, party_id, date_trunc('month', entry_date)::date, credit_debit, 0, sum(amount),
           count(*)
    FROM entries GROUP BY kind, party_id, date_trunc('month', entry_date)::date, credit_debit;
$$;
