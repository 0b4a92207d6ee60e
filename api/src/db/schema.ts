// Table types for Kysely. NUMERIC comes back as a string (exact) from both drivers, DATE as
// 'YYYY-MM-DD', INT8 as a number (see db/index.ts for the parsers that make both agree).
import type { ColumnType, Generated } from 'kysely';
import type { AuditAction, BatchKind, EntryKind, RecordKind, Role } from 'contract';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Numeric = ColumnType<string, string | number, string | number>;

export interface UsersTable {
  id: Generated<number>;
  name: string;
  email: string;
  password_hash: string;
  role: Role;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Set when the user is deleted: a former user keeps their row (migration 007). */
  deleted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Saves confirmed by a notice on the page rather than a pop-up (migration 030). */
  confirm_with_notice: Generated<boolean>;
}

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  address: string | null;
  browser: string | null;
}

export interface EmployeesTable {
  id: Generated<number>;
  name: string;
  email: string;
  number: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** What a payroll run offers to pay them (migration 018). */
  monthly_salary: Numeric | null;
}

export interface ClientsTable {
  id: Generated<number>;
  name: string;
  email: string;
  company_name: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ExpenseTypesTable {
  id: Generated<number>;
  expancetype: string;
  /** contract's nameKey(expancetype), unique; null only for a name stored before it existed. */
  name_key: string | null;
  status: 'Active' | 'Suspended';
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface EntriesTable {
  id: Generated<number>;
  kind: EntryKind;
  client_id: number | null;
  employee_id: number | null;
  expense_type_id: number | null;
  party_id: ColumnType<number, never, never>;
  party_name: string;
  amount: Numeric;
  credit_debit: 'Credit' | 'Debit';
  description: string;
  created_at: Timestamp;
  entry_date: ColumnType<string, string | undefined, never>;
  created_by: number | null;
  idempotency_key: string | null;
  reverses_id: number | null;
  /** The batch that wrote it (migration 014), if any. */
  batch_id: ColumnType<number | null, number | null | undefined, never>;
  /** The money account (migration 026); null for an invoice (income Debit). */
  account_id: ColumnType<number | null, number | null | undefined, never>;
}

export interface EntryBatchesTable {
  id: Generated<number>;
  kind: BatchKind;
  label: string;
  /** Null: the server itself. */
  created_by: number | null;
  created_at: Generated<Timestamp>;
  reversed_at: Timestamp | null;
  reversed_by: number | null;
  reverse_reason: string | null;
}

/** An import of a file: one entry batch of kind 'import' (migration 015). */
export interface ImportsTable {
  id: Generated<number>;
  batch_id: number;
  kind: string;
  file_name: string;
  sha256: string;
  rows: number;
  credit: Numeric;
  debit: Numeric;
  mapping: unknown;
  undone: Generated<boolean>;
}

export interface ImportPartiesTable {
  import_id: number;
  party_kind: 'client' | 'employee' | 'expenseType';
  party_id: number;
}

export interface ImportMappingsTable {
  headers_sha256: string;
  kind: string;
  mapping: unknown;
  updated_at: Generated<Timestamp>;
}

export interface BooksTable {
  id: boolean;
  closed_through: string | null;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: Timestamp;
  actor_id: number | null;
  action: AuditAction;
  entity: RecordKind;
  entity_id: string | null;
  before: unknown;
  after: unknown;
  address: string | null;
  browser: string | null;
}

export interface RateCountersTable {
  key: string;
  hits: number;
  expires_at: Timestamp;
}

export interface TwoStepTable {
  user_id: number;
  secret: string;
  enabled_at: Timestamp | null;
  last_step: number | null;
  created_at: Generated<Date>;
}

export interface TwoStepRecoveryCodesTable {
  user_id: number;
  code_hash: string;
  used_at: Timestamp | null;
}

export interface TwoStepChallengesTable {
  challenge_hash: string;
  user_id: number;
  expires_at: Timestamp;
}

export interface SecuritySettingsTable {
  id: boolean;
  require_two_step_for_admins: boolean;
}

/** An employee paid for a month by a payroll run (migration 018). */
export interface PayrollPaymentsTable {
  id: Generated<number>;
  employee_id: number;
  /** The month's first day. */
  month: string;
  batch_id: number;
  entry_id: number | null;
  reversed_at: Timestamp | null;
}

/** A repeating entry (migration 018). */
export interface RecurringSchedulesTable {
  id: Generated<number>;
  kind: EntryKind;
  client_id: number | null;
  employee_id: number | null;
  expense_type_id: number | null;
  amount: Numeric;
  credit_debit: 'Credit' | 'Debit';
  description: string;
  repeats: 'weekly' | 'monthly' | 'quarterly' | 'yearly';
  starts_on: string;
  ends_on: string | null;
  state: Generated<'active' | 'paused' | 'ended'>;
  auto_post: Generated<boolean>;
  /** Migration 026: null is the default account at the time of posting. */
  account_id?: number | null;
  created_by: number | null;
  created_at: Generated<Timestamp>;
}

/** An occurrence of a schedule, posted (entry_id) or skipped (migration 018). */
export interface RecurringOccurrencesTable {
  schedule_id: number;
  occurs_on: string;
  entry_id: number | null;
  batch_id: number | null;
  skipped_at: Timestamp | null;
  done_by: number | null;
}

/** Screen loads of a remote's version in one minute, as the shells report them (migration 024). */
/** A version /remotes.json served a user in one load, and its reported outcome (migration 036). */
export interface RemoteLoadsTable {
  load_id: string;
  remote: string;
  user_id: number;
  version: string;
  served_at: Generated<Timestamp>;
  outcome: 'loaded' | 'render_error' | 'failed' | 'integrity_refused' | null;
  stage: string | null;
  reported_at: Timestamp | null;
}

/** One backup attempt of the running server, good or failed (migration 012). */
export interface BackupRunsTable {
  id: Generated<number>;
  started_at: Timestamp;
  finished_at: Generated<Timestamp>;
  status: 'ok' | 'failed';
  trigger: 'schedule' | 'manual';
  file: string | null;
  bytes: number | null;
  taken_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
  /** JSONB: each table with its rows (a string when written). */
  tables: ColumnType<unknown, string | null, string | null>;
  encrypted: boolean | null;
  message: string | null;
  taken_by: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  employees: EmployeesTable;
  clients: ClientsTable;
  expense_types: ExpenseTypesTable;
  entries: EntriesTable;
  audit_log: AuditLogTable;
  books: BooksTable;
  rate_counters: RateCountersTable;
  two_step: TwoStepTable;
  two_step_recovery_codes: TwoStepRecoveryCodesTable;
  two_step_challenges: TwoStepChallengesTable;
  security_settings: SecuritySettingsTable;
  entry_batches: EntryBatchesTable;
  payroll_payments: PayrollPaymentsTable;
  recurring_schedules: RecurringSchedulesTable;
  recurring_occurrences: RecurringOccurrencesTable;
  imports: ImportsTable;
  import_parties: ImportPartiesTable;
  import_mappings: ImportMappingsTable;
  remote_loads: RemoteLoadsTable;
  backup_runs: BackupRunsTable;
}
