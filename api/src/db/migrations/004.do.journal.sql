-- The journal: reversals, closed periods and the indexes the journal screen pages and filters
-- with (docs/decisions/008-reversals-and-closed-periods.md).

-- A reversal is an entry of its own: same kind, party, Credit/Debit and day as the entry it
-- reverses, the negated amount, and a link to it. Sums over the entries, the roll-ups (kept by
-- the unchanged insert trigger) and every running balance therefore cancel the pair exactly.
ALTER TABLE entries ADD COLUMN reverses_id BIGINT REFERENCES entries (id) ON DELETE RESTRICT;
ALTER TABLE entries DROP CONSTRAINT entries_amount_check;
ALTER TABLE entries ADD CONSTRAINT entries_amount_check
  CHECK ((reverses_id IS NULL AND amount > 0) OR (reverses_id IS NOT NULL AND amount < 0));
-- Reversed once at most; also answers "reversed by" for the original.
CREATE UNIQUE INDEX entries_reverses_key ON entries (reverses_id) WHERE reverses_id IS NOT NULL;

-- "Books closed through": one row; nothing dated on or before the day is accepted. Who moved
-- it and when is in the audit log.
CREATE TABLE books (
  id             BOOLEAN PRIMARY KEY DEFAULT true CHECK (id),
  closed_through DATE
);
INSERT INTO books (id) VALUES (true);

-- The rules the repositories check first (with clear messages), kept by the database as well.
CREATE FUNCTION entries_check_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  original entries%ROWTYPE;
  closed DATE;
BEGIN
  SELECT closed_through INTO closed FROM books;
  IF closed IS NOT NULL AND NEW.entry_date <= closed THEN
    RAISE EXCEPTION 'the books are closed through %', closed USING ERRCODE = 'raise_exception';
  END IF;
  IF NEW.reverses_id IS NOT NULL THEN
    SELECT * INTO original FROM entries WHERE id = NEW.reverses_id;
    IF original.reverses_id IS NOT NULL
       OR original.kind IS DISTINCT FROM NEW.kind
       -- (party_id is generated after BEFORE triggers: compare the columns it comes from)
       OR original.client_id IS DISTINCT FROM NEW.client_id
       OR original.employee_id IS DISTINCT FROM NEW.employee_id
       OR original.expense_type_id IS DISTINCT FROM NEW.expense_type_id
       OR original.credit_debit IS DISTINCT FROM NEW.credit_debit
       OR original.entry_date IS DISTINCT FROM NEW.entry_date
       OR original.amount IS DISTINCT FROM -NEW.amount THEN
      RAISE EXCEPTION 'a reversal must mirror an entry that is not itself a reversal'
        USING ERRCODE = 'raise_exception';
    END IF;
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER entries_check_insert_trg BEFORE INSERT ON entries
  FOR EACH ROW EXECUTE FUNCTION entries_check_insert();

-- Journal paging: newest first by (entry_date, id) over everything, or within a kind or a
-- party (the two indexes of 001 serve those); amount ranges; text in description or party name.
CREATE INDEX entries_date_idx ON entries (entry_date, id);
CREATE INDEX entries_abs_amount_idx ON entries (abs(amount), entry_date, id);
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX entries_description_trgm_idx ON entries USING gin (description gin_trgm_ops);
CREATE INDEX entries_party_name_trgm_idx ON entries USING gin (party_name gin_trgm_ops);

-- One CSV field (RFC 4180): quoted when it holds a comma, quote or line break; text that a
-- spreadsheet would run as a formula gets a leading apostrophe (plain numbers stay as they are).
-- The journal's CSV is built by PostgreSQL a batch at a time with it.
CREATE FUNCTION csv_field(value TEXT) RETURNS TEXT LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN v ~ '[",\r\n]' THEN '"' || replace(v, '"', '""') || '"' ELSE v END
  FROM (SELECT CASE
                 WHEN value ~ '^[-=+@\t\r]' AND value !~ '^-?[0-9]+(\.[0-9]+)?$' THEN '''' || value
                 ELSE coalesce(value, '')
               END AS v) AS cell
$$;
