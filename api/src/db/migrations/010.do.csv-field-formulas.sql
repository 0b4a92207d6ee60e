-- csv_field of 004 and 006, now the contract's csvCell (contract/src/csv.ts) character for
-- character, so that the journal's CSV, built here a batch at a time, is defused as every other
-- CSV is (docs/decisions/010-csv-cells.md). A spreadsheet may split a line on a comma, semicolon,
-- TAB or line break whatever the quotes say, so wherever a piece can start (the value's start,
-- or after one of those), past spaces and quotes, an apostrophe goes before = + - @ TAB or CR; a
-- plain number stays as it is. The field is quoted when the value holds a quote, comma or line
-- break, or starts or ends with white space (JavaScript's \s, spelt out). The first case lets
-- the common value (no formula character, nothing to quote) through on one match. Still one
-- plain expression, so that PostgreSQL inlines it into the CSV query.
CREATE OR REPLACE FUNCTION csv_field(value TEXT) RETURNS TEXT LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
           WHEN value !~ '[-=+@",\t\r\n]|^[\v\f \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]|[\v\f \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]$' THEN value
           WHEN value ~ '^-?[0-9]+(\.[0-9]+)?$' THEN value
           WHEN value ~ '[",\r\n]|^[\t\v\f \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]|[\t\v\f \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]$' THEN
             '"' || replace(regexp_replace(value, '(?<![^,;\t\r\n])([\v\f \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"]*)(?=[=+\-@\t\r])', '\1''', 'g'), '"', '""') || '"'
           ELSE coalesce(regexp_replace(value, '(?<![^,;\t\r\n])([\v\f \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"]*)(?=[=+\-@\t\r])', '\1''', 'g'), '')
         END
$$;
