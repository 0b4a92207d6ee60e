-- The entries that have a shown receipt, and their sums per month, kind, party and Credit/Debit,
-- kept by triggers on `receipts`: the journal's totals under "Without receipt" are the entry
-- roll-ups less these, and under "With receipt" these, so no history is scanned for a missing
-- receipt (docs/decisions/015-receipts.md). Derived: a backup leaves both out and a restore
-- rebuilds them with rebuild_receipt_rollups().
CREATE TABLE receipted_entries (
  entry_id BIGINT PRIMARY KEY REFERENCES entries (id)
);

CREATE TABLE receipted_monthly (
  month        DATE NOT NULL,
  kind         TEXT NOT NULL,
  party_id     BIGINT NOT NULL,
  credit_debit TEXT NOT NULL,
  entries      BIGINT NOT NULL,
  total        NUMERIC NOT NULL,
  PRIMARY KEY (month, kind, party_id, credit_debit)
);

CREATE FUNCTION receipted_add(entry BIGINT, sign INTEGER) RETURNS void LANGUAGE sql AS $$
  INSERT INTO receipted_monthly AS m (month, kind, party_id, credit_debit, entries, total)
  SELECT date_trunc('month', entry_date)::date, kind, party_id, credit_debit, sign, sign * amount
  FROM entries WHERE id = entry
  ON CONFLICT (month, kind, party_id, credit_debit)
  DO UPDATE SET entries = m.entries + EXCLUDED.entries, total = m.total + EXCLUDED.total;
$$;

-- An entry joins when its first shown receipt arrives (the key decides between two at once) and
-- leaves when its last one is removed: the membership row is locked first, so two removals at
-- once are decided one after the other, the second seeing the first's.
CREATE FUNCTION receipts_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed INTEGER;
BEGIN
  IF TG_OP = 'INSERT' AND NEW.removed_at IS NULL THEN
    INSERT INTO receipted_entries (entry_id) VALUES (NEW.entry_id) ON CONFLICT DO NOTHING;
    GET DIAGNOSTICS changed = ROW_COUNT;
    IF changed = 1 THEN PERFORM receipted_add(NEW.entry_id, 1); END IF;
  ELSIF TG_OP = 'UPDATE' AND OLD.removed_at IS NULL AND NEW.removed_at IS NOT NULL THEN
    PERFORM 1 FROM receipted_entries WHERE entry_id = NEW.entry_id FOR UPDATE;
    IF NOT EXISTS (SELECT 1 FROM receipts WHERE entry_id = NEW.entry_id AND removed_at IS NULL) THEN
      DELETE FROM receipted_entries WHERE entry_id = NEW.entry_id;
      GET DIAGNOSTICS changed = ROW_COUNT;
      IF changed = 1 THEN PERFORM receipted_add(NEW.entry_id, -1); END IF;
    END IF;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER receipts_rollup_trg AFTER INSERT OR UPDATE OF removed_at ON receipts
  FOR EACH ROW EXECUTE FUNCTION receipts_rollup();

CREATE FUNCTION rebuild_receipt_rollups() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM receipted_monthly;
  DELETE FROM receipted_entries;
  INSERT INTO receipted_entries (entry_id)
    SELECT DISTINCT entry_id FROM receipts WHERE removed_at IS NULL;
  INSERT INTO receipted_monthly (month, kind, party_id, credit_debit, entries, total)
    SELECT date_trunc('month', e.entry_date)::date, e.kind, e.party_id, e.credit_debit,
           count(*), sum(e.amount)
    FROM receipted_entries r JOIN entries e ON e.id = r.entry_id
    GROUP BY 1, 2, 3, 4;
END;
$$;

SELECT rebuild_receipt_rollups();
