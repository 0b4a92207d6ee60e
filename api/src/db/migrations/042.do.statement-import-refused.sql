-- A large statement file is read after its import call is answered (issue 39): reading a
-- 100,000-line file before the answer took 5 to 10 s. A file refused once read (malformed, in
-- another currency, reaching into the reconciled period) ends its import 'refused', nothing
-- stored, with the message a small statement's import answers with its 4xx in `refusal`, for the
-- statement list and the screen. `lines_read` is 0 while the file is being read.
ALTER TABLE statement_imports
  DROP CONSTRAINT statement_imports_state_check,
  ADD CONSTRAINT statement_imports_state_check
    CHECK (state IN ('importing', 'done', 'interrupted', 'refused')),
  ADD COLUMN refusal TEXT,
  ADD CONSTRAINT statement_imports_refusal_check CHECK ((state = 'refused') = (refusal IS NOT NULL));
