-- Money accounts, transfers, bank statements, matching and reconciliation (issue 33,
-- docs/decisions/023-bank-accounts.md).

-- The places money is kept: cash boxes and bank accounts. Exactly one is the default.
CREATE TABLE accounts (
  id                 SERIAL PRIMARY KEY,
  name               TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  kind               TEXT NOT NULL CHECK (kind IN ('Bank', 'Cash')),
  bank_name          TEXT CHECK (length(bank_name) <= 100),
  last4              TEXT CHECK (last4 ~ '^[0-9]{4}$'),
  opening_balance    NUMERIC(14, 2) NOT NULL DEFAULT 0,
  opening_date       DATE NOT NULL DEFAULT CURRENT_DATE,
  is_default         BOOLEAN NOT NULL DEFAULT false,
  -- Every match dated on or before it is locked (reconciled); NULL: never reconciled.
  reconciled_through DATE,
  created_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at         TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX accounts_name_key ON accounts (lower(name));
-- At most one default; the writers (repositories/accounts.ts) keep at least one.
CREATE UNIQUE INDEX accounts_default_key ON accounts (is_default) WHERE is_default;

-- A fresh database has one account, Cash, the default, with id 1: every entry recorded before
-- accounts existed belongs to it (below).
INSERT INTO accounts (id, name, kind, opening_balance, opening_date, is_default)
VALUES (1, 'Cash', 'Cash', 0, DATE '1900-01-01', true);
SELECT setval(pg_get_serial_sequence('accounts', 'id'), 1);

-- Each money-moving entry's account. Adding the column with a constant default is a change of
-- the catalog only (PostgreSQL 11+ keeps the default as the value of every existing row): not
-- one entry is rewritten, and every existing entry reads back as Cash's. The default is then
-- dropped: from now on the books writer names the account of every entry it writes.
ALTER TABLE entries ADD COLUMN account_id INTEGER DEFAULT 1 REFERENCES accounts (id) ON DELETE RESTRICT;
ALTER TABLE entries ALTER COLUMN account_id DROP DEFAULT;
-- Every payment or receipt (a Credit) has an account. An invoice (income Debit) moves no money:
-- written from now on it has none (entries_check_insert below); invoices recorded before
-- accounts existed keep Cash's id from the catalog default, which no reader of accounts looks at
-- (every account read takes Credits only).
ALTER TABLE entries ADD CONSTRAINT entries_account_check
  CHECK (credit_debit = 'Debit' OR account_id IS NOT NULL);

CREATE OR REPLACE FUNCTION entries_check_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  original entries%ROWTYPE;
  closed DATE;
BEGIN
  SELECT closed_through INTO closed FROM books;
  IF closed IS NOT NULL AND NEW.entry_date <= closed THEN
    RAISE EXCEPTION 'the books are closed through %', closed USING ERRCODE = 'raise_exception';
  END IF;
  IF NEW.credit_debit = 'Debit' AND NEW.account_id IS NOT NULL THEN
    RAISE EXCEPTION 'an invoice moves no money and has no account' USING ERRCODE = 'check_violation';
  END IF;
  -- A payment or receipt written without an account belongs to the default account (the books
  -- writer names it in the INSERT; this keeps any other insert, such as a bulk load, right).
  IF NEW.credit_debit = 'Credit' AND NEW.account_id IS NULL THEN
    SELECT id INTO NEW.account_id FROM accounts WHERE is_default;
  END IF;
  IF NEW.reverses_id IS NOT NULL THEN
    SELECT * INTO original FROM entries WHERE id = NEW.reverses_id;
    IF original.reverses_id IS NOT NULL
       OR original.kind IS DISTINCT FROM NEW.kind
       -- (party_id is generated after BEFORE triggers: compare the columns it comes from)
       OR original.client_id IS DISTINCT FROM NEW.client_id
       OR original.employee_id IS DISTINCT FROM NEW.employee_id
       OR original.expense_type_id IS DISTINCT FROM NEW.expense_type_id
       OR original.credit_debit IS DISTINCT FROM NEW.credit_debit
       OR original.entry_date IS DISTINCT FROM NEW.entry_date
       -- (an old invoice carries Cash and its reversal none: both are no money movement)
       OR (NEW.credit_debit = 'Credit' AND original.account_id IS DISTINCT FROM NEW.account_id)
       OR original.amount IS DISTINCT FROM -NEW.amount THEN
      RAISE EXCEPTION 'a reversal must mirror an entry that is not itself a reversal'
        USING ERRCODE = 'raise_exception';
    END IF;
  END IF;
  RETURN NEW;
END;
$$;

-- The register and the balances: an account's money movements in date order. Income Credit adds,
-- expense and salary Credit take away; the signed amount is in the index so a page and a balance
-- read the index alone.
CREATE INDEX entries_account_idx ON entries (account_id, entry_date, id)
  INCLUDE (kind, amount)
  WHERE credit_debit = 'Credit';

-- Money moved from one account to another: no income, no expense, no report figure. Reversed
-- (a mirrored row), never changed or removed, like an entry.
CREATE TABLE account_transfers (
  id              BIGSERIAL PRIMARY KEY,
  from_account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE RESTRICT,
  to_account_id   INTEGER NOT NULL REFERENCES accounts (id) ON DELETE RESTRICT,
  amount          NUMERIC(14, 2) NOT NULL,
  transfer_date   DATE NOT NULL,
  description     TEXT NOT NULL DEFAULT '' CHECK (length(description) <= 500),
  reverses_id     BIGINT REFERENCES account_transfers (id) ON DELETE RESTRICT,
  created_by      INTEGER REFERENCES users (id) ON DELETE SET NULL,
  created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
  CHECK (from_account_id <> to_account_id),
  CHECK ((reverses_id IS NULL AND amount > 0) OR (reverses_id IS NOT NULL AND amount < 0))
);
CREATE UNIQUE INDEX account_transfers_reverses_key ON account_transfers (reverses_id)
  WHERE reverses_id IS NOT NULL;
CREATE INDEX account_transfers_from_idx ON account_transfers (from_account_id, transfer_date, id)
  INCLUDE (amount);
CREATE INDEX account_transfers_to_idx ON account_transfers (to_account_id, transfer_date, id)
  INCLUDE (amount);

CREATE FUNCTION account_transfers_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (to_jsonb(NEW) - 'created_by') = (to_jsonb(OLD) - 'created_by') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'transfers are immutable' USING ERRCODE = 'raise_exception';
END;
$$;
CREATE TRIGGER account_transfers_immutable_trg BEFORE UPDATE OR DELETE ON account_transfers
  FOR EACH ROW EXECUTE FUNCTION account_transfers_immutable();

-- One statement file imported into an account. Undone as one (undone_at): its lines go.
CREATE TABLE statement_imports (
  id              BIGSERIAL PRIMARY KEY,
  account_id      INTEGER NOT NULL REFERENCES accounts (id) ON DELETE RESTRICT,
  file_name       TEXT NOT NULL CHECK (length(file_name) BETWEEN 1 AND 255),
  sha256          TEXT NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  format          TEXT NOT NULL CHECK (format IN ('csv', 'xlsx', 'ofx', 'camt053', 'mt940')),
  lines_added     INTEGER NOT NULL CHECK (lines_added >= 0),
  lines_known     INTEGER NOT NULL CHECK (lines_known >= 0),
  -- The statement's own opening and closing balances, where the file gives them.
  opening_balance NUMERIC(14, 2),
  closing_balance NUMERIC(14, 2),
  -- Where the running balances do not chain (the first line at fault), for the screen.
  chain_break     JSONB,
  created_by      INTEGER REFERENCES users (id) ON DELETE SET NULL,
  created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
  undone_at       TIMESTAMPTZ,
  undone_by       INTEGER REFERENCES users (id) ON DELETE SET NULL,
  undo_reason     TEXT,
  CHECK ((undone_at IS NULL) = (undo_reason IS NULL))
);
CREATE INDEX statement_imports_account_idx ON statement_imports (account_id, id);

-- One line of a bank statement: money in (amount > 0) or out (< 0).
CREATE TABLE statement_lines (
  id              BIGSERIAL PRIMARY KEY,
  account_id      INTEGER NOT NULL REFERENCES accounts (id) ON DELETE RESTRICT,
  import_id       BIGINT NOT NULL REFERENCES statement_imports (id) ON DELETE RESTRICT,
  line_date       DATE NOT NULL,
  amount          NUMERIC(14, 2) NOT NULL CHECK (amount <> 0),
  description     TEXT NOT NULL DEFAULT '' CHECK (length(description) <= 1000),
  reference       TEXT NOT NULL DEFAULT '' CHECK (length(reference) <= 200),
  -- The bank's balance after the line, where the statement gives it.
  bank_balance    NUMERIC(16, 2),
  -- date|amount|reference-or-description|n-th such line of its day: the same line imported
  -- again (the same file, an overlapping statement) has the same fingerprint.
  fingerprint     TEXT NOT NULL CHECK (length(fingerprint) BETWEEN 1 AND 300),
  status          TEXT NOT NULL DEFAULT 'unmatched'
                  CHECK (status IN ('unmatched', 'matched', 'excluded')),
  excluded_reason TEXT,
  excluded_by     INTEGER REFERENCES users (id) ON DELETE SET NULL,
  -- The statement's position (the file's order within a day).
  position        INTEGER NOT NULL,
  CHECK ((status = 'excluded') = (excluded_reason IS NOT NULL))
);
CREATE UNIQUE INDEX statement_lines_fingerprint_key ON statement_lines (account_id, fingerprint);
CREATE INDEX statement_lines_worklist_idx ON statement_lines (account_id, status, line_date, id);
CREATE INDEX statement_lines_import_idx ON statement_lines (import_id);

-- A statement line matched to entries or transfers (one row per entry or transfer). An entry or
-- a transfer matches at most one line: the unique indexes make two clerks matching at once
-- conflict in the database, not only in the screens.
CREATE TABLE statement_matches (
  id          BIGSERIAL PRIMARY KEY,
  line_id     BIGINT NOT NULL REFERENCES statement_lines (id) ON DELETE RESTRICT,
  account_id  INTEGER NOT NULL REFERENCES accounts (id) ON DELETE RESTRICT,
  entry_id    BIGINT REFERENCES entries (id) ON DELETE RESTRICT,
  transfer_id BIGINT REFERENCES account_transfers (id) ON DELETE RESTRICT,
  matched_by  INTEGER REFERENCES users (id) ON DELETE SET NULL,
  matched_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
  CHECK ((entry_id IS NULL) <> (transfer_id IS NULL))
);
CREATE UNIQUE INDEX statement_matches_entry_key ON statement_matches (entry_id)
  WHERE entry_id IS NOT NULL;
-- A transfer moves two accounts: it may match one line in each.
CREATE UNIQUE INDEX statement_matches_transfer_key ON statement_matches (transfer_id, account_id)
  WHERE transfer_id IS NOT NULL;
CREATE INDEX statement_matches_line_idx ON statement_matches (line_id);

-- "When a line's description contains ... (and its amount is between ...), propose ...".
CREATE TABLE bank_rules (
  id          SERIAL PRIMARY KEY,
  contains    TEXT NOT NULL CHECK (length(contains) BETWEEN 1 AND 200),
  min_amount  NUMERIC(14, 2),
  max_amount  NUMERIC(14, 2),
  kind        TEXT NOT NULL CHECK (kind IN ('income', 'expense', 'salary')),
  party_id    INTEGER NOT NULL,
  description TEXT NOT NULL DEFAULT '' CHECK (length(description) <= 500),
  enabled     BOOLEAN NOT NULL DEFAULT true,
  created_by  INTEGER REFERENCES users (id) ON DELETE SET NULL,
  created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
  CHECK (min_amount IS NULL OR max_amount IS NULL OR min_amount <= max_amount)
);

-- The days a suggestion may lie from its line (the setting), one row like `books`.
CREATE TABLE bank_settings (
  id              BOOLEAN PRIMARY KEY DEFAULT true CHECK (id),
  suggestion_days INTEGER NOT NULL DEFAULT 7 CHECK (suggestion_days BETWEEN 0 AND 60)
);
INSERT INTO bank_settings (id) VALUES (true);

-- A repeating entry's account (its occurrences are written with it); NULL: the default account
-- at the time each occurrence is posted.
ALTER TABLE recurring_schedules ADD COLUMN account_id INTEGER REFERENCES accounts (id) ON DELETE RESTRICT;
