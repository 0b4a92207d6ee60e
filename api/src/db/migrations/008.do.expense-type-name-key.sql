-- Expense type names that are equal after NFKC, case folding and collapsing white space are one
-- name ("Office Rent", "office  rent", "Office\u00A0Rent"). The server computes that key
-- (contract's nameKey) and stores it with every name it writes; this unique index makes the
-- database refuse a second row with the same key, so two racing requests cannot both win. The
-- key is computed in the server, not here, so that it is the same on every PostgreSQL whatever
-- its locale. Rows stored before this get their key when the server starts
-- (repositories/expense-types.ts); a row whose key another already holds keeps none.
ALTER TABLE expense_types ADD COLUMN name_key TEXT;
CREATE UNIQUE INDEX expense_types_normalised_name ON expense_types (name_key);
