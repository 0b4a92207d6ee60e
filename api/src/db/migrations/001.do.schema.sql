-- The whole schema of the first release. Money is NUMERIC(14,2); every entry keeps the id of
-- its party and the party's name at the time of entry.

CREATE TABLE users (
  id            SERIAL PRIMARY KEY,
  name          TEXT NOT NULL,
  email         TEXT NOT NULL,
  password_hash TEXT NOT NULL,
  role          TEXT NOT NULL DEFAULT 'staff' CHECK (role IN ('staff', 'admin')),
  created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

-- Only the SHA-256 of a session token is stored.
CREATE TABLE sessions (
  token_hash   TEXT PRIMARY KEY,
  user_id      INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
  last_seen_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  expires_at   TIMESTAMPTZ NOT NULL
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

CREATE TABLE employees (
  id         SERIAL PRIMARY KEY,
  name       TEXT NOT NULL,
  email      TEXT NOT NULL,
  number     TEXT NOT NULL CHECK (number ~ '^[0-9]+$'),
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE clients (
  id           SERIAL PRIMARY KEY,
  name         TEXT NOT NULL,
  email        TEXT NOT NULL,
  company_name TEXT NOT NULL,
  created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE expense_types (
  id          SERIAL PRIMARY KEY,
  expancetype TEXT NOT NULL,
  status      TEXT NOT NULL DEFAULT 'Active' CHECK (status IN ('Active', 'Suspended')),
  created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX expense_types_name_key ON expense_types (lower(expancetype));

-- One table for the three kinds of entry: they share their shape, and the ledgers, the finance
-- summary and the yearly report read across kinds. Each kind has its own foreign key column so
-- that a party with entries cannot be deleted (RESTRICT); party_id is whichever one is set.
CREATE TABLE entries (
  id              BIGSERIAL PRIMARY KEY,
  kind            TEXT NOT NULL CHECK (kind IN ('income', 'expense', 'salary')),
  client_id       INTEGER REFERENCES clients (id) ON DELETE RESTRICT,
  employee_id     INTEGER REFERENCES employees (id) ON DELETE RESTRICT,
  expense_type_id INTEGER REFERENCES expense_types (id) ON DELETE RESTRICT,
  party_id        INTEGER GENERATED ALWAYS AS (COALESCE(client_id, employee_id, expense_type_id)) STORED,
  party_name      TEXT NOT NULL,
  amount          NUMERIC(14, 2) NOT NULL CHECK (amount > 0),
  credit_debit    TEXT NOT NULL CHECK (credit_debit IN ('Credit', 'Debit')),
  description     TEXT NOT NULL DEFAULT '',
  created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
  -- The business day of the entry in the server's time zone; every date filter uses it.
  entry_date      DATE NOT NULL DEFAULT CURRENT_DATE,
  created_by      INTEGER REFERENCES users (id) ON DELETE SET NULL,
  idempotency_key TEXT,
  CHECK (
    (kind = 'income'  AND client_id IS NOT NULL AND employee_id IS NULL AND expense_type_id IS NULL) OR
    (kind = 'salary'  AND employee_id IS NOT NULL AND client_id IS NULL AND expense_type_id IS NULL) OR
    (kind = 'expense' AND expense_type_id IS NOT NULL AND client_id IS NULL AND employee_id IS NULL)
  ),
  CHECK (kind = 'income' OR credit_debit = 'Credit')
);
-- Ledgers: one party's rows in a date range, in order.
CREATE INDEX entries_party_date_idx ON entries (kind, party_id, entry_date, id);
-- Range sums by kind (report edges, expense ledger).
CREATE INDEX entries_kind_date_idx ON entries (kind, entry_date, id) INCLUDE (party_id, amount, credit_debit);
CREATE INDEX entries_client_fk_idx ON entries (client_id) WHERE client_id IS NOT NULL;
CREATE INDEX entries_employee_fk_idx ON entries (employee_id) WHERE employee_id IS NOT NULL;
CREATE INDEX entries_expense_type_fk_idx ON entries (expense_type_id) WHERE expense_type_id IS NOT NULL;
CREATE UNIQUE INDEX entries_idempotency_key ON entries (created_by, idempotency_key)
  WHERE idempotency_key IS NOT NULL;

-- Roll-ups that keep every report bounded at a million entries: totals per kind and day (income
-- report, finance, yearly), and per kind, party and month (the "vs" reports, ledger opening
-- balances). Entries are never updated or deleted, so an insert trigger keeps them exact.
CREATE TABLE entry_daily (
  kind         TEXT NOT NULL,
  day          DATE NOT NULL,
  credit_debit TEXT NOT NULL,
  total        NUMERIC(16, 2) NOT NULL,
  entries      INTEGER NOT NULL,
  PRIMARY KEY (kind, day, credit_debit)
);

CREATE TABLE entry_monthly (
  kind         TEXT NOT NULL,
  party_id     INTEGER NOT NULL,
  month        DATE NOT NULL,
  credit_debit TEXT NOT NULL,
  total        NUMERIC(16, 2) NOT NULL,
  entries      INTEGER NOT NULL,
  PRIMARY KEY (kind, party_id, month, credit_debit)
);

CREATE FUNCTION entries_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO entry_daily (kind, day, credit_debit, total, entries)
  VALUES (NEW.kind, NEW.entry_date, NEW.credit_debit, NEW.amount, 1)
  ON CONFLICT (kind, day, credit_debit)
  DO UPDATE SET total = entry_daily.total + EXCLUDED.total, entries = entry_daily.entries + 1;

  INSERT INTO entry_monthly (kind, party_id, month, credit_debit, total, entries)
  VALUES (NEW.kind, NEW.party_id, date_trunc('month', NEW.entry_date)::date, NEW.credit_debit, NEW.amount, 1)
  ON CONFLICT (kind, party_id, month, credit_debit)
  DO UPDATE SET total = entry_monthly.total + EXCLUDED.total, entries = entry_monthly.entries + 1;
  RETURN NULL;
END;
$$;

CREATE TRIGGER entries_rollup_trg AFTER INSERT ON entries
  FOR EACH ROW EXECUTE FUNCTION entries_rollup();

-- Entries are a ledger: never changed or removed (corrections are new entries).
CREATE FUNCTION entries_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The one change allowed: forgetting who recorded it when that user is deleted.
  IF TG_OP = 'UPDATE' AND (to_jsonb(NEW) - 'created_by') = (to_jsonb(OLD) - 'created_by') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'entries are immutable' USING ERRCODE = 'raise_exception';
END;
$$;

CREATE TRIGGER entries_immutable_trg BEFORE UPDATE OR DELETE ON entries
  FOR EACH ROW EXECUTE FUNCTION entries_immutable();

-- Rebuilds both roll-ups from the entries (after a bulk load with the trigger disabled).
CREATE FUNCTION rebuild_entry_rollups() RETURNS void LANGUAGE sql AS $$
  DELETE FROM entry_daily;
  DELETE FROM entry_monthly;
  INSERT INTO entry_daily (kind, day, credit_debit, total, entries)
    SELECT kind, entry_date, credit_debit, sum(amount), count(*) FROM entries
    GROUP BY kind, entry_date, credit_debit;
  INSERT INTO entry_monthly (kind, party_id, month, credit_debit, total, entries)
    SELECT kind, party_id, date_trunc('month', entry_date)::date, credit_debit, sum(amount), count(*)
    FROM entries GROUP BY kind, party_id, date_trunc('month', entry_date)::date, credit_debit;
$$;

-- Who changed what, written in the same transaction as the change.
CREATE TABLE audit_log (
  id        BIGSERIAL PRIMARY KEY,
  at        TIMESTAMPTZ NOT NULL DEFAULT now(),
  actor_id  INTEGER REFERENCES users (id) ON DELETE SET NULL,
  action    TEXT NOT NULL,
  entity    TEXT NOT NULL,
  entity_id TEXT,
  before    JSONB,
  after     JSONB
);
CREATE INDEX audit_log_entity_idx ON audit_log (entity, entity_id);
