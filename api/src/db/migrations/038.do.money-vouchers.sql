-- Vouchers that move a money account (issue 40): owner's capital paid into the bank, a bank
-- charge or bank profit booked from a statement line to a ledger account. Such a voucher's line
-- on the money account's ledger account is a movement of that account like an entry's or a
-- transfer's: in its balance, its register, its reconciliation, and matched to a statement line.

-- A money account's voucher movements (money in positive), by the partial index below.
CREATE INDEX ledger_lines_voucher_idx ON ledger_lines (account_id, line_date, id)
  INCLUDE (debit, credit, source_id) WHERE source = 'voucher';

CREATE VIEW money_voucher_moves AS
  SELECT a.money_account_id AS account_id, l.line_date, l.source_id AS voucher_id, l.id,
         l.debit - l.credit AS amount
  FROM ledger_lines l JOIN ledger_accounts a ON a.id = l.account_id
  WHERE l.source = 'voucher' AND a.money_account_id IS NOT NULL;

-- A statement line matched to a voucher: a voucher moving two money accounts may match one line
-- in each, as a transfer does.
ALTER TABLE statement_matches ADD COLUMN voucher_id BIGINT REFERENCES vouchers (id) ON DELETE RESTRICT;
ALTER TABLE statement_matches DROP CONSTRAINT statement_matches_check;
ALTER TABLE statement_matches ADD CONSTRAINT statement_matches_one_check
  CHECK (num_nonnulls(entry_id, transfer_id, voucher_id) = 1);
CREATE UNIQUE INDEX statement_matches_voucher_key ON statement_matches (voucher_id, account_id)
  WHERE voucher_id IS NOT NULL;
