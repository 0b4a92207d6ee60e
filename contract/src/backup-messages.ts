// The texts of backups: the Settings tab's, and what backing up and restoring say (docs/product.md#messages).
// Pure data: messages.ts assembles the catalogue from these, in its order.

export const backupScreenMessages = {
  // Settings: Backups tab (admins; issue 18)
  backupsTab: 'Backups',
  backUpNow: 'Back up now',
  backingUp: 'Backing up...',
  downloadBackup: 'Download',
  downloadingBackup: 'Downloading...',
  backupTakenAt: 'Taken at',
  backupSize: 'Size',
  backupRows: 'Rows',
  backupEncrypted: 'Encrypted',
  yes: 'Yes',
  no: 'No',
  noBackups: 'No backups yet',
  backupsOff:
    'Backups are off: the server has no backup folder. Set BACKUP_DIR to turn them on (on the embedded database they go to DATA_DIR/backups).',
  /** Followed by the folder. */
  backupFolder: 'Backup folder:',
  /** Followed by the hours, the count kept and when the next is due. */
  backupScheduleEvery: 'A backup every',
  backupScheduleHours: 'hours, keeping the newest',
  backupNextDue: 'Next backup due:',
  /** Followed by the time and the message. */
  lastBackupFailed: 'The last backup failed:',
  backupTaken: 'Backup taken',
  failedLoadBackups: 'Failed to load the backups',
  errorLoadingBackups: 'Error loading the backups',
} as const;

export const backupDownloadMessages = {
  // Settings: Backups tab, taking and downloading one
  failedBackUp: 'Failed to take a backup',
  errorBackingUp: 'Error taking a backup',
  failedDownloadBackup: 'Failed to download the backup',
  errorDownloadingBackup: 'Error downloading the backup',
} as const;

/**
 * What `npm run backup` and `npm run restore` say when they refuse or fail (issue 18;
 * docs/decisions/012-backup-format.md). Each is followed by the detail that applies.
 */
export const backupMessages = {
  notABackup: 'This file is not an office-finance backup',
  truncated: 'The backup file is incomplete (cut short): it cannot be restored',
  altered: 'The backup file has been altered or damaged: its checksums do not match',
  encryptedNeedsPassphrase:
    'This backup is encrypted: set BACKUP_PASSPHRASE to the passphrase it was taken with',
  wrongPassphrase: 'Wrong passphrase: BACKUP_PASSPHRASE is not the one this backup was taken with',
  newerSchema:
    'This backup comes from a newer version of the product (schema version above this code): upgrade first, then restore',
  targetNewerSchema:
    'The target database has a newer schema than the backup: restore into a new, empty database (a new DATA_DIR, or a new PostgreSQL database), and the restore migrates it',
  targetNotEmpty:
    'The target database is not empty: restore into an empty one, or add --replace to delete its contents first',
  schemaMismatch: "The backup's tables do not match this database's schema",
  outExists: 'The output file already exists: choose another name',
  noDatabase: 'There is no database to back up',
  writeFailed: 'The backup could not be written',
  embeddedInUse:
    'The embedded database is open in the running server, which takes the backups itself: an admin presses Back up now in Settings, Backups (or POST /api/backups), and finds its files in BACKUP_DIR (default DATA_DIR/backups). Or stop the server and run this command again.',
  embeddedInUseRestore:
    'The embedded database is open in the running server: stop the server, then run the restore again',
  // Signed backups: the key is derived from the two-step key (TOTP_KEY or DATA_DIR/totp.key).
  notSigned:
    'This backup is not signed (taken without a key, or by a version before signed backups): restore it only if you know where it came from, with --trust-unsigned, and check the users it lists',
  noSigningKey:
    'This backup is signed, but there is no key here to check it: set TOTP_KEY, or copy totp.key from the data directory of the server that took it into DATA_DIR',
  otherSigningKey:
    "This backup is signed with another key than this machine's: set TOTP_KEY, or copy totp.key, from the server that took it",
  signatureMismatch:
    "The backup's signature does not match: the file was changed after it was signed. Restore it only if you know where it came from, with --trust-unsigned",
  restoringUntrusted:
    'Restoring a backup whose signature was not checked (--trust-unsigned). These are the users in the file, who can sign in once it is restored:',
  unsigned:
    'There is no key to sign the backup with (on PostgreSQL, set TOTP_KEY): it is written unsigned, and a restore of it will need --trust-unsigned',
  // Why a backup taken by the server failed (shown to admins and logged).
  diskFull: 'the disk is full',
  dirNotWritable: 'the backup folder cannot be written (permission denied)',
  dirNotAFolder: 'BACKUP_DIR is not a folder',
  dirMissing: 'the backup folder does not exist and could not be made',
  verifyFailed: 'the file did not read back as written',
  unexpected: 'an unexpected error (the server log has the details)',
} as const;
