// Backups and restores (docs/decisions/012-backup-format.md): used by `npm run backup` and
// `npm run restore` (scripts/), and by the server once it takes scheduled backups.
export { takeBackup, productVersion, type BackupOptions, type BackupResult } from './backup.js';
export {
  restoreBackup,
  type RestoreOptions,
  type RestoreResult,
  type RestoredUser,
} from './restore.js';
export { checkBackupFile, verifyBackupFile, readBackupFile } from './file-read.js';
export type { Manifest, BackupHeader } from './file.js';
export {
  backupSigningKey,
  restoreSigningKey,
  signingKeyId,
  type SignatureCheck,
} from './signature.js';
export { BackupRefused } from './errors.js';
export { LEFT_OUT, carriedTables, allTables } from './tables.js';
export { BackupService, type RunOutcome, type Trigger } from './schedule.js';
export { backupFileName } from './folder.js';
