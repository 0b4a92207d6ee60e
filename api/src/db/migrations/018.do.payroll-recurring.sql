-- Payroll runs and repeating entries (docs/decisions/017-payroll-recurring.md).
--
-- An employee's monthly salary: what a payroll run offers to pay them (they may have none).
ALTER TABLE employees ADD COLUMN monthly_salary NUMERIC(14, 2)
  CHECK (monthly_salary IS NULL OR monthly_salary > 0);

-- One row per employee paid for a month by a payroll run. The partial unique key makes the
-- payment exactly-once in the database: two runs for one month (a double click, two tabs, two
-- server processes) cannot both pay an employee. Undoing the run's batch marks its rows
-- reversed, which frees the month to be paid again.
CREATE TABLE payroll_payments (
  id          BIGSERIAL PRIMARY KEY,
  employee_id INTEGER NOT NULL REFERENCES employees (id) ON DELETE RESTRICT,
  -- The first day of the month paid.
  month       DATE NOT NULL CHECK (extract(day FROM month) = 1),
  batch_id    BIGINT NOT NULL REFERENCES entry_batches (id) ON DELETE RESTRICT,
  entry_id    BIGINT REFERENCES entries (id) ON DELETE RESTRICT,
  reversed_at TIMESTAMPTZ
);
CREATE UNIQUE INDEX payroll_payments_once ON payroll_payments (employee_id, month)
  WHERE reversed_at IS NULL;
CREATE INDEX payroll_payments_batch_idx ON payroll_payments (batch_id);

-- A repeating entry: what it posts (as an entry form would), how often, from when, until when.
-- What it posted stays as it was: a schedule is only paused, resumed or ended afterwards.
CREATE TABLE recurring_schedules (
  id              SERIAL PRIMARY KEY,
  kind            TEXT NOT NULL CHECK (kind IN ('income', 'expense', 'salary')),
  client_id       INTEGER REFERENCES clients (id) ON DELETE RESTRICT,
  employee_id     INTEGER REFERENCES employees (id) ON DELETE RESTRICT,
  expense_type_id INTEGER REFERENCES expense_types (id) ON DELETE RESTRICT,
  amount          NUMERIC(14, 2) NOT NULL CHECK (amount > 0),
  credit_debit    TEXT NOT NULL CHECK (credit_debit IN ('Credit', 'Debit')),
  description     TEXT NOT NULL,
  repeats         TEXT NOT NULL CHECK (repeats IN ('weekly', 'monthly', 'quarterly', 'yearly')),
  starts_on       DATE NOT NULL,
  ends_on         DATE CHECK (ends_on IS NULL OR ends_on >= starts_on),
  state           TEXT NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'paused', 'ended')),
  auto_post       BOOLEAN NOT NULL DEFAULT false,
  created_by      INTEGER REFERENCES users (id) ON DELETE RESTRICT,
  created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
  CHECK (num_nonnulls(client_id, employee_id, expense_type_id) = 1)
);

-- Each occurrence of a schedule is posted or skipped once: the primary key is the schedule and
-- the day, so a second post of the same day finds it taken whichever process sends it.
CREATE TABLE recurring_occurrences (
  schedule_id INTEGER NOT NULL REFERENCES recurring_schedules (id) ON DELETE RESTRICT,
  occurs_on   DATE NOT NULL,
  entry_id    BIGINT REFERENCES entries (id) ON DELETE RESTRICT,
  batch_id    BIGINT REFERENCES entry_batches (id) ON DELETE RESTRICT,
  skipped_at  TIMESTAMPTZ,
  done_by     INTEGER REFERENCES users (id) ON DELETE RESTRICT,
  PRIMARY KEY (schedule_id, occurs_on),
  CHECK (entry_id IS NULL OR skipped_at IS NULL)
);
