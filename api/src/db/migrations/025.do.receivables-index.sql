-- Receivables aging (issue 34, decision 019) reads each client's newest invoices: the income
-- Debit entries of one client from a date on, with their amount and the entry they reverse. This
-- index holds exactly those columns for exactly those entries, so the read touches the index
-- alone and not one table page per entry (the party index would read the client's payments too,
-- and every row from the table).
CREATE INDEX entries_invoices_idx ON entries (party_id, entry_date)
  INCLUDE (id, amount, reverses_id)
  WHERE kind = 'income' AND credit_debit = 'Debit';
