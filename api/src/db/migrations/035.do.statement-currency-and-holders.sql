-- Statements stored once and exactly (issue 39).

-- A money account's currency: its statements are in it, one in another currency is refused.
-- Every account so far is in the office's currency (the screens' "RS"): a constant default is a
-- change of the catalog only.
ALTER TABLE accounts ADD COLUMN currency TEXT NOT NULL DEFAULT 'PKR'
  CHECK (currency ~ '^[A-Z]{3}$');

-- Every import that holds a line: the one that stored it and each later one whose file had it
-- too. Undoing an import deletes only the lines no other import, not undone, holds.
CREATE TABLE statement_line_imports (
  line_id   BIGINT NOT NULL REFERENCES statement_lines (id) ON DELETE CASCADE,
  import_id BIGINT NOT NULL REFERENCES statement_imports (id) ON DELETE RESTRICT,
  PRIMARY KEY (line_id, import_id)
);
CREATE INDEX statement_line_imports_import_idx ON statement_line_imports (import_id);
-- The lines stored so far are held by the import that stored them (which later imports also
-- had them was not recorded).
INSERT INTO statement_line_imports (line_id, import_id) SELECT id, import_id FROM statement_lines;

-- A line's fingerprint no longer holds its reference (a file that gains a Reference column
-- would store its lines again): the day, the amount in cents, the SHA-256 of the description
-- with A-Z as small letters, and which such line it is (statements/fingerprint.ts writes the
-- same). The unique index is rebuilt after, so that no line meets another's old fingerprint.
DROP INDEX statement_lines_fingerprint_key;
UPDATE statement_lines l SET fingerprint = f.fingerprint
FROM (
  SELECT id,
         to_char(line_date, 'YYYY-MM-DD') || '|' || (amount * 100)::bigint::text || '|' || key
           || '|' || row_number() OVER (PARTITION BY account_id, line_date, amount, key
                                        ORDER BY import_id, position, id) AS fingerprint
  FROM (SELECT id, account_id, line_date, amount, import_id, position,
               encode(sha256(convert_to(translate(description, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
                                                  'abcdefghijklmnopqrstuvwxyz'), 'UTF8')), 'hex')
                 AS key
        FROM statement_lines) s
) f
WHERE f.id = l.id;
CREATE UNIQUE INDEX statement_lines_fingerprint_key ON statement_lines (account_id, fingerprint);
