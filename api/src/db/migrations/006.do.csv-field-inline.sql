-- csv_field of 004, the same output as one plain expression, so that PostgreSQL inlines it into
-- the journal's CSV query instead of calling a function three times per row (a SQL function
-- whose body has a FROM is never inlined). Quoting depends only on the value itself: the
-- apostrophe put before a formula is never a comma, quote or line break, and a value that holds
-- one of those is never a plain number.
CREATE OR REPLACE FUNCTION csv_field(value TEXT) RETURNS TEXT LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
           WHEN value ~ '[",\r\n]' THEN
             '"' || CASE WHEN value ~ '^[-=+@\t\r]' THEN '''' ELSE '' END
                 || replace(value, '"', '""') || '"'
           WHEN value ~ '^[-=+@\t\r]' AND value !~ '^-?[0-9]+(\.[0-9]+)?$' THEN '''' || value
           ELSE coalesce(value, '')
         END
$$;
