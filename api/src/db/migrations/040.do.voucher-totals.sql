-- Vouchers in the Journal (issue 40): each voucher keeps its total debit, as an entry keeps its
-- amount, so the Journal's amount filters and totals read one column of the vouchers rather than
-- summing every voucher's lines (at 10,000 vouchers that sum took some 46 ms of a 50 ms budget).
-- The books' writer writes it with the lines (books/vouchers.ts); a voucher is never changed.
ALTER TABLE vouchers ADD COLUMN total NUMERIC(14, 2);

ALTER TABLE vouchers DISABLE TRIGGER vouchers_immutable_trg;
UPDATE vouchers v SET total = coalesce((
  SELECT sum(l.debit) FROM ledger_lines l WHERE l.source = 'voucher' AND l.source_id = v.id
), 0);
ALTER TABLE vouchers ENABLE TRIGGER vouchers_immutable_trg;

ALTER TABLE vouchers ALTER COLUMN total SET NOT NULL;
ALTER TABLE vouchers ADD CONSTRAINT vouchers_total_check CHECK (total >= 0);
