-- Rules that learn (issue 42): a rule may propose booking a line to a ledger account (bank
-- charges, bank profit) as Create does, not only an entry of a client, expense type or employee.
-- Such a rule names its account and the direction of the lines it takes (money in or out); an
-- entry's rule keeps its kind for that.
ALTER TABLE bank_rules DROP CONSTRAINT bank_rules_kind_check;
ALTER TABLE bank_rules ADD CONSTRAINT bank_rules_kind_check
  CHECK (kind IN ('income', 'expense', 'salary', 'ledger'));
ALTER TABLE bank_rules ALTER COLUMN party_id DROP NOT NULL;
ALTER TABLE bank_rules ADD COLUMN ledger_account_id INTEGER
  REFERENCES ledger_accounts (id) ON DELETE RESTRICT;
ALTER TABLE bank_rules ADD COLUMN direction TEXT CHECK (direction IN ('in', 'out'));
ALTER TABLE bank_rules ADD CONSTRAINT bank_rules_target_check CHECK (
  CASE WHEN kind = 'ledger'
       THEN party_id IS NULL AND ledger_account_id IS NOT NULL AND direction IS NOT NULL
       ELSE party_id IS NOT NULL AND ledger_account_id IS NULL AND direction IS NULL END);

-- One entry matched to several statement lines that add up to it (a payment the bank split):
-- an entry may now match more than one line, each once. Two clerks matching one entry at once
-- take turns on the entry's row (the match writer locks it for update and looks again).
DROP INDEX statement_matches_entry_key;
CREATE UNIQUE INDEX statement_matches_entry_line_key ON statement_matches (entry_id, line_id)
  WHERE entry_id IS NOT NULL;
