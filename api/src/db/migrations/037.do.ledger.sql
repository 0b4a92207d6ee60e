-- The general ledger under the books (issue 40, docs/decisions/027-general-ledger.md): a chart of
-- accounts, and balanced ledger lines for every entry, transfer, money account's opening balance
-- and voucher. Entries and transfers stay what the screens and the spec's reports read; the lines
-- are what the trial balance, the balance sheet, profit and loss and the general ledger read.

-- Writers of the previous version (a process not yet restarted) would write entries without
-- lines between the posting of the existing ones below and the commit: hold them off.
LOCK TABLE entries, account_transfers, accounts, expense_types IN SHARE ROW EXCLUSIVE MODE;

CREATE TABLE ledger_accounts (
  id               SERIAL PRIMARY KEY,
  code             TEXT NOT NULL CHECK (code ~ '^[0-9A-Za-z][0-9A-Za-z.-]{0,19}$'),
  name             TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  type             TEXT NOT NULL CHECK (type IN ('Asset', 'Liability', 'Equity', 'Income', 'Expense')),
  parent_id        INTEGER REFERENCES ledger_accounts (id) ON DELETE RESTRICT,
  -- The accounts the posting rules name (ledger_entry_postings below); NULL for the others.
  role             TEXT UNIQUE CHECK (role IN ('receivable', 'salaries_payable', 'owners_capital',
                     'retained_earnings', 'sales', 'other_income', 'salaries', 'bank_charges')),
  -- A money account's own asset account, and an expense type's own expense account, kept with
  -- them by the triggers below (created, renamed, suspended).
  money_account_id INTEGER UNIQUE REFERENCES accounts (id) ON DELETE CASCADE,
  expense_type_id  INTEGER UNIQUE REFERENCES expense_types (id) ON DELETE CASCADE,
  -- Closed: kept with its postings, takes no new ones.
  closed_at        TIMESTAMPTZ,
  created_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
  CHECK (money_account_id IS NULL OR type = 'Asset'),
  CHECK (expense_type_id IS NULL OR type = 'Expense'),
  CHECK (parent_id IS DISTINCT FROM id)
);
CREATE UNIQUE INDEX ledger_accounts_code_key ON ledger_accounts (lower(code));

-- The accounts every office starts with (besides one per money account and expense type).
CREATE FUNCTION ledger_seed_chart() RETURNS void LANGUAGE sql AS $$
  INSERT INTO ledger_accounts (code, name, type, role) VALUES
    ('1100', 'Accounts receivable', 'Asset', 'receivable'),
    ('2100', 'Salaries payable', 'Liability', 'salaries_payable'),
    ('3000', 'Owner''s capital', 'Equity', 'owners_capital'),
    ('3100', 'Retained earnings', 'Equity', 'retained_earnings'),
    ('4000', 'Sales', 'Income', 'sales'),
    ('4100', 'Other income', 'Income', 'other_income'),
    ('5000', 'Salaries', 'Expense', 'salaries'),
    ('5100', 'Bank charges', 'Expense', 'bank_charges')
$$;
SELECT ledger_seed_chart();

-- The first free numeric code from `low` to `high` (NULL when all are taken).
CREATE FUNCTION ledger_free_code(low integer, high integer) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT min(n)::text FROM generate_series(low, high) AS n
  WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE lower(a.code) = n::text)
$$;

-- Money accounts: 1001 to 1099, then 10000 on; expense types: 6001 to 6999, then 60000 on.
INSERT INTO ledger_accounts (code, name, type, money_account_id)
  SELECT (1000 + row_number() OVER (ORDER BY id))::text, name, 'Asset', id FROM accounts;
INSERT INTO ledger_accounts (code, name, type, expense_type_id, closed_at)
  SELECT (6000 + row_number() OVER (ORDER BY id))::text, expancetype, 'Expense', id,
         CASE WHEN status = 'Suspended' THEN now() END
  FROM expense_types;

-- The lines. `source` and `source_id` name what posted them: an entry, a transfer, a voucher, or
-- a money account's opening balance (source_id the money account). Lines are never changed or
-- removed: a reversal posts the opposite lines.
--
-- `basis`: 'B' counts on both bases; 'A' on the accrual basis only; 'C' on the cash basis only.
-- A payment received posts its money (B), what the client owes less (A) and, for the cash
-- basis, the sale it pays for (C); an invoice posts only on the accrual basis. The trial balance,
-- the balance sheet and the general ledger read B and A; profit and loss reads B and A (accrual)
-- or B and C (cash). Each basis balances on its own.
CREATE TABLE ledger_lines (
  id         BIGSERIAL PRIMARY KEY,
  source     TEXT NOT NULL CHECK (source IN ('entry', 'transfer', 'voucher', 'opening')),
  source_id  BIGINT NOT NULL,
  line_date  DATE NOT NULL,
  account_id INTEGER NOT NULL REFERENCES ledger_accounts (id) ON DELETE RESTRICT,
  debit      NUMERIC(14, 2) NOT NULL DEFAULT 0 CHECK (debit >= 0),
  credit     NUMERIC(14, 2) NOT NULL DEFAULT 0 CHECK (credit >= 0),
  basis      CHAR(1) NOT NULL DEFAULT 'B' CHECK (basis IN ('B', 'A', 'C')),
  CHECK ((debit = 0) <> (credit = 0))
);
-- A general-ledger page and an account's balance: the index alone.
CREATE INDEX ledger_lines_account_idx ON ledger_lines (account_id, line_date, id)
  INCLUDE (debit, credit, basis, source, source_id);
CREATE INDEX ledger_lines_source_idx ON ledger_lines (source, source_id);

CREATE FUNCTION ledger_lines_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger lines are immutable' USING ERRCODE = 'raise_exception';
END;
$$;
CREATE TRIGGER ledger_lines_immutable_trg BEFORE UPDATE OR DELETE ON ledger_lines
  FOR EACH ROW EXECUTE FUNCTION ledger_lines_immutable();

-- Day totals per account and basis, folded from a queue like the entries' roll-ups (migration
-- 021): the statements read them with the month totals below (ledger/totals.ts), the general
-- ledger's opening and closing balances through `ledger_daily_current`.
CREATE TABLE ledger_rollup_queue (
  account_id INTEGER NOT NULL,
  day        DATE NOT NULL,
  basis      CHAR(1) NOT NULL,
  debit      NUMERIC(33, 2) NOT NULL,
  credit     NUMERIC(33, 2) NOT NULL,
  lines      BIGINT NOT NULL
) WITH (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 5000);
ALTER TABLE ledger_rollup_queue REPLICA IDENTITY FULL;

CREATE TABLE ledger_daily (
  account_id INTEGER NOT NULL,
  day        DATE NOT NULL,
  basis      CHAR(1) NOT NULL,
  debit      NUMERIC(33, 2) NOT NULL,
  credit     NUMERIC(33, 2) NOT NULL,
  lines      BIGINT NOT NULL,
  PRIMARY KEY (account_id, day, basis)
);

-- The same per month (its first day): the statements read whole months here and only the days
-- of a month a period covers in part from ledger_daily (ledger/totals.ts), so a statement over
-- years reads some hundreds of rows, not one per account and day.
CREATE TABLE ledger_monthly (
  account_id INTEGER NOT NULL,
  month      DATE NOT NULL CHECK (month = date_trunc('month', month)::date),
  basis      CHAR(1) NOT NULL,
  debit      NUMERIC(33, 2) NOT NULL,
  credit     NUMERIC(33, 2) NOT NULL,
  lines      BIGINT NOT NULL,
  PRIMARY KEY (account_id, month, basis)
);
-- The days at a period's ends, for every account.
CREATE INDEX ledger_daily_day_idx ON ledger_daily (day);

CREATE VIEW ledger_daily_current AS
  SELECT account_id, day, basis, debit, credit, lines FROM ledger_daily
  UNION ALL
  SELECT account_id, day, basis, debit, credit, lines FROM ledger_rollup_queue;

-- The database refuses lines that do not balance: every statement that adds lines must add, for
-- each thing it posts, debits equal to credits on each basis. (Lines are never changed, so every
-- posting, and the whole ledger, balances.) The same pass queues the day totals.
CREATE FUNCTION ledger_lines_check() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  unbalanced RECORD;
BEGIN
  SELECT source, source_id,
         sum(debit - credit) FILTER (WHERE basis <> 'C') AS accrual,
         sum(debit - credit) FILTER (WHERE basis <> 'A') AS cash
    INTO unbalanced
    FROM new_lines GROUP BY source, source_id
  HAVING coalesce(sum(debit - credit) FILTER (WHERE basis <> 'C'), 0) <> 0
      OR coalesce(sum(debit - credit) FILTER (WHERE basis <> 'A'), 0) <> 0
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'the ledger lines of % % do not balance (debits less credits: % accrual, % cash)',
      unbalanced.source, unbalanced.source_id, unbalanced.accrual, unbalanced.cash
      USING ERRCODE = 'check_violation';
  END IF;
  INSERT INTO ledger_rollup_queue (account_id, day, basis, debit, credit, lines)
    SELECT account_id, line_date, basis, sum(debit), sum(credit), count(*)
    FROM new_lines GROUP BY account_id, line_date, basis;
  RETURN NULL;
END;
$$;
CREATE TRIGGER ledger_lines_check_trg AFTER INSERT ON ledger_lines
  REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION ledger_lines_check();

-- The posting rules of an entry, one row per line: the account, the side (1 debit, -1 credit,
-- for a positive amount; a reversal's negative amount turns every line round) and the basis.
CREATE FUNCTION ledger_entry_postings(p_kind text, p_side text, p_party integer, p_money integer)
RETURNS TABLE (account_id integer, side integer, basis char(1)) LANGUAGE sql STABLE AS $$
  -- An invoice (income Debit): the client owes; the sale is earned (accrual basis).
  SELECT (SELECT a.id FROM ledger_accounts a WHERE a.role = 'receivable'), 1, 'A'::char(1)
   WHERE p_kind = 'income' AND p_side = 'Debit'
  UNION ALL
  SELECT (SELECT a.id FROM ledger_accounts a WHERE a.role = 'sales'), -1, 'A'
   WHERE p_kind = 'income' AND p_side = 'Debit'
  -- A payment received (income Credit): money in; the client owes less (accrual basis), the
  -- sale is earned now (cash basis).
  UNION ALL
  SELECT (SELECT a.id FROM ledger_accounts a WHERE a.money_account_id = p_money), 1, 'B'
   WHERE p_kind = 'income' AND p_side = 'Credit'
  UNION ALL
  SELECT (SELECT a.id FROM ledger_accounts a WHERE a.role = 'receivable'), -1, 'A'
   WHERE p_kind = 'income' AND p_side = 'Credit'
  UNION ALL
  SELECT (SELECT a.id FROM ledger_accounts a WHERE a.role = 'sales'), -1, 'C'
   WHERE p_kind = 'income' AND p_side = 'Credit'
  -- An expense: its type's account; a salary: Salaries; both paid from the money account.
  UNION ALL
  SELECT (SELECT a.id FROM ledger_accounts a WHERE a.expense_type_id = p_party), 1, 'B'
   WHERE p_kind = 'expense'
  UNION ALL
  SELECT (SELECT a.id FROM ledger_accounts a WHERE a.role = 'salaries'), 1, 'B'
   WHERE p_kind = 'salary'
  UNION ALL
  SELECT (SELECT a.id FROM ledger_accounts a WHERE a.money_account_id = p_money), -1, 'B'
   WHERE p_kind IN ('expense', 'salary')
$$;

-- The same rules for the books' writer (ledger/posting.ts), which posts an entry or a few at a
-- time: in PL/pgSQL their query is planned once per connection, where the rules above, inlined
-- into the writer's statement, were planned again with every entry (some 0.5 ms of an entry's
-- 1 ms). The migration below posts a million entries at once through the inlined rules.
CREATE FUNCTION ledger_entry_lines(p_kind text, p_side text, p_party integer, p_money integer)
RETURNS TABLE (account_id integer, side integer, basis char(1)) LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY SELECT p.account_id, p.side, p.basis
    FROM ledger_entry_postings(p_kind, p_side, p_party, p_money) p;
END;
$$;

-- A money account's opening balance: its asset account against Owner's capital on the opening
-- day. Called whenever the balance or the day changes: it posts the difference between what
-- stands and what should (nothing when they agree), so the lines are never changed.
CREATE FUNCTION ledger_post_opening(p_account integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO ledger_lines (source, source_id, line_date, account_id, debit, credit)
  SELECT 'opening', p_account, line_date, account_id, greatest(amount, 0), greatest(-amount, 0)
  FROM (
    SELECT line_date, account_id, sum(amount) AS amount FROM (
      SELECT l.line_date, l.account_id, -(l.debit - l.credit) AS amount
        FROM ledger_lines l WHERE l.source = 'opening' AND l.source_id = p_account
      UNION ALL
      SELECT m.opening_date, a.id, m.opening_balance
        FROM accounts m JOIN ledger_accounts a ON a.money_account_id = m.id WHERE m.id = p_account
      UNION ALL
      SELECT m.opening_date, (SELECT c.id FROM ledger_accounts c WHERE c.role = 'owners_capital'),
             -m.opening_balance
        FROM accounts m WHERE m.id = p_account
    ) changes GROUP BY line_date, account_id HAVING sum(amount) <> 0
  ) net
$$;

-- Money accounts and expense types bring their ledger accounts with them.
CREATE FUNCTION ledger_money_account_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO ledger_accounts (code, name, type, money_account_id)
    VALUES (coalesce(ledger_free_code(1001, 1099), ledger_free_code(10000, 19999)),
            NEW.name, 'Asset', NEW.id);
  ELSIF NEW.name IS DISTINCT FROM OLD.name THEN
    UPDATE ledger_accounts SET name = NEW.name WHERE money_account_id = NEW.id;
  END IF;
  IF TG_OP = 'INSERT' OR NEW.opening_balance IS DISTINCT FROM OLD.opening_balance
     OR NEW.opening_date IS DISTINCT FROM OLD.opening_date THEN
    PERFORM ledger_post_opening(NEW.id);
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER ledger_money_account_trg AFTER INSERT OR UPDATE ON accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_money_account_sync();

CREATE FUNCTION ledger_expense_type_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO ledger_accounts (code, name, type, expense_type_id, closed_at)
    VALUES (coalesce(ledger_free_code(6001, 6999), ledger_free_code(60000, 69999)),
            NEW.expancetype, 'Expense', NEW.id,
            CASE WHEN NEW.status = 'Suspended' THEN now() END);
  ELSE
    UPDATE ledger_accounts
       SET name = NEW.expancetype,
           closed_at = CASE WHEN NEW.status = 'Suspended' THEN coalesce(closed_at, now()) END
     WHERE expense_type_id = NEW.id;
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER ledger_expense_type_trg AFTER INSERT OR UPDATE ON expense_types
  FOR EACH ROW EXECUTE FUNCTION ledger_expense_type_sync();

-- Vouchers: journal entries of two or more lines to any accounts (adjustments, accruals, loans,
-- opening balances). Reversed (a mirrored voucher), never changed or removed, like an entry.
CREATE TABLE vouchers (
  id           BIGSERIAL PRIMARY KEY,
  voucher_date DATE NOT NULL,
  description  TEXT NOT NULL DEFAULT '' CHECK (length(description) <= 500),
  reverses_id  BIGINT REFERENCES vouchers (id) ON DELETE RESTRICT,
  created_by   INTEGER REFERENCES users (id) ON DELETE SET NULL,
  created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX vouchers_reverses_key ON vouchers (reverses_id) WHERE reverses_id IS NOT NULL;
CREATE INDEX vouchers_date_idx ON vouchers (voucher_date, id);

CREATE FUNCTION vouchers_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (to_jsonb(NEW) - 'created_by') = (to_jsonb(OLD) - 'created_by') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'vouchers are immutable' USING ERRCODE = 'raise_exception';
END;
$$;
CREATE TRIGGER vouchers_immutable_trg BEFORE UPDATE OR DELETE ON vouchers
  FOR EACH ROW EXECUTE FUNCTION vouchers_immutable();

-- The books as they stand, posted: every entry, every transfer, every opening balance.
INSERT INTO ledger_lines (source, source_id, line_date, account_id, debit, credit, basis)
SELECT 'entry', e.id, e.entry_date, p.account_id,
       greatest(p.side * e.amount, 0), greatest(-p.side * e.amount, 0), p.basis
FROM entries e
CROSS JOIN LATERAL ledger_entry_postings(e.kind, e.credit_debit, e.party_id, e.account_id) p;

INSERT INTO ledger_lines (source, source_id, line_date, account_id, debit, credit)
SELECT 'transfer', t.id, t.transfer_date, a.id,
       greatest(s.side * t.amount, 0), greatest(-s.side * t.amount, 0)
FROM account_transfers t
CROSS JOIN LATERAL (VALUES (t.to_account_id, 1), (t.from_account_id, -1)) AS s (money, side)
JOIN ledger_accounts a ON a.money_account_id = s.money;

SELECT ledger_post_opening(id) FROM accounts;

-- The fold and the rebuild of migration 027, with the ledger's day totals.
CREATE OR REPLACE FUNCTION fold_entry_rollups() RETURNS BIGINT LANGUAGE plpgsql AS $$
DECLARE
  folded BIGINT;
BEGIN
  IF NOT pg_try_advisory_xact_lock(727003) THEN
    RETURN 0;
  END IF;
  BEGIN
    LOCK TABLE entry_rollup_queue, entry_daily, entry_monthly, account_daily,
               ledger_rollup_queue, ledger_daily, ledger_monthly
      IN ROW EXCLUSIVE MODE NOWAIT;
  EXCEPTION WHEN lock_not_available THEN
    RETURN 0;
  END;
  WITH moved AS (
    DELETE FROM entry_rollup_queue RETURNING *
  ), daily AS (
    INSERT INTO entry_daily AS d (kind, day, credit_debit, total, entries)
    SELECT kind, day, credit_debit, sum(total), sum(entries) FROM moved
    GROUP BY kind, day, credit_debit
    ON CONFLICT (kind, day, credit_debit)
    DO UPDATE SET total = d.total + EXCLUDED.total, entries = d.entries + EXCLUDED.entries
  ), monthly AS (
    INSERT INTO entry_monthly AS m (kind, party_id, month, credit_debit, total, entries)
    SELECT kind, party_id, date_trunc('month', day)::date, credit_debit, sum(total), sum(entries)
    FROM moved GROUP BY kind, party_id, date_trunc('month', day)::date, credit_debit
    ON CONFLICT (kind, party_id, month, credit_debit)
    DO UPDATE SET total = m.total + EXCLUDED.total, entries = m.entries + EXCLUDED.entries
  ), accounts AS (
    INSERT INTO account_daily AS a (account_id, day, total, entries)
    SELECT account_id, day,
           sum(CASE WHEN kind = 'income' THEN total ELSE -total END), sum(entries)
    FROM moved WHERE account_id IS NOT NULL GROUP BY account_id, day
    ON CONFLICT (account_id, day)
    DO UPDATE SET total = a.total + EXCLUDED.total, entries = a.entries + EXCLUDED.entries
  )
  SELECT coalesce(sum(entries), 0) INTO folded FROM moved;
  WITH moved AS (
    DELETE FROM ledger_rollup_queue RETURNING *
  ), daily AS (
    INSERT INTO ledger_daily AS l (account_id, day, basis, debit, credit, lines)
    SELECT account_id, day, basis, sum(debit), sum(credit), sum(lines) FROM moved
    GROUP BY account_id, day, basis
    ON CONFLICT (account_id, day, basis)
    DO UPDATE SET debit = l.debit + EXCLUDED.debit, credit = l.credit + EXCLUDED.credit,
                  lines = l.lines + EXCLUDED.lines
  )
  INSERT INTO ledger_monthly AS l (account_id, month, basis, debit, credit, lines)
  SELECT account_id, date_trunc('month', day)::date, basis, sum(debit), sum(credit), sum(lines)
  FROM moved GROUP BY account_id, date_trunc('month', day)::date, basis
  ON CONFLICT (account_id, month, basis)
  DO UPDATE SET debit = l.debit + EXCLUDED.debit, credit = l.credit + EXCLUDED.credit,
                lines = l.lines + EXCLUDED.lines;
  RETURN folded;
END;
$$;

CREATE OR REPLACE FUNCTION rebuild_entry_rollups() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE entries, ledger_lines IN SHARE MODE;
  PERFORM pg_advisory_xact_lock(727003);
  DELETE FROM entry_rollup_queue;
  DELETE FROM entry_daily;
  DELETE FROM entry_monthly;
  DELETE FROM account_daily;
  DELETE FROM ledger_rollup_queue;
  DELETE FROM ledger_daily;
  DELETE FROM ledger_monthly;
  INSERT INTO entry_daily (kind, day, credit_debit, total, entries)
    SELECT kind, entry_date, credit_debit, sum(amount), count(*) FROM entries
    GROUP BY kind, entry_date, credit_debit;
  INSERT INTO entry_monthly (kind, party_id, month, credit_debit, total, entries)
    SELECT kind, party_id, date_trunc('month', entry_date)::date, credit_debit, sum(amount),
           count(*)
    FROM entries GROUP BY kind, party_id, date_trunc('month', entry_date)::date, credit_debit;
  INSERT INTO account_daily (account_id, day, total, entries)
    SELECT account_id, entry_date, sum(CASE WHEN kind = 'income' THEN amount ELSE -amount END),
           count(*)
    FROM entries WHERE credit_debit = 'Credit' GROUP BY account_id, entry_date;
  INSERT INTO ledger_daily (account_id, day, basis, debit, credit, lines)
    SELECT account_id, line_date, basis, sum(debit), sum(credit), count(*) FROM ledger_lines
    GROUP BY account_id, line_date, basis;
  INSERT INTO ledger_monthly (account_id, month, basis, debit, credit, lines)
    SELECT account_id, date_trunc('month', day)::date, basis, sum(debit), sum(credit), sum(lines)
    FROM ledger_daily GROUP BY account_id, date_trunc('month', day)::date, basis;
END;
$$;

SELECT rebuild_entry_rollups();
-- The first statements after the upgrade are planned on the posted books, not on empty tables.
ANALYZE ledger_lines, ledger_daily, ledger_monthly;
