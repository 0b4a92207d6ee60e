// Every advisory lock key the product takes on PostgreSQL, in one table: two features that took
// the same key by accident would wait for each other (a user change once waited for the whole of
// a server backup, both on 727002). The roll-up fold (migration 021) takes 727003 in SQL.
export const ADVISORY_LOCK_KEYS = {
  /** Migrations, and the first admin's creation (db/migrate.ts, repositories/users.ts). */
  migrations: 727001,
  /** Additions, changes and deletions of users queue on it (repositories/users.ts). */
  userChanges: 727002,
  /** One roll-up fold at a time: fold_entry_rollups() and rebuild_entry_rollups() (migration 021). */
  rollupFold: 727003,
  /** One backup run at a time across server processes (repositories/backup-runs.ts). */
  backupRun: 727004,
  /** One decision on a remote's canary at a time (rolled back or promoted by itself), across
   * server processes (releases/rollout-watch.ts). */
  rolloutDecision: 727005,
  /**
   * Two uploads of the same bytes queue on one lock per content: the seed of
   * hashtextextended(sha256 in hex, seed) (repositories/receipt-blobs.ts).
   */
  receiptBlob: 21,
} as const;
