// The calls of backups taken by the server (tag backups).
import { BackupBytes, BackupList, BackupNameParams, BackupTaken } from './backups.js';
import { defineEndpoint as endpoint } from './endpoint.js';
import { apiMessages } from './messages.js';
import { backupRoutes } from './backup-routes.js';

export const backupEndpoints = {
  listBackups: endpoint({
    ...backupRoutes.listBackups,
    tag: 'backups',
    summary:
      'The kept backups with their manifests, the schedule and the last failure (admins only)',
    adminsOnly: apiMessages.adminsOnlyBackups,
    responses: { 200: BackupList },
    errors: [],
  }),
  takeBackupNow: endpoint({
    ...backupRoutes.takeBackupNow,
    tag: 'backups',
    summary:
      'Take a backup now, as the schedule does, and keep the newest BACKUP_KEEP (admins only)',
    description:
      'Answers once the file is written and read back. 409 when backups are off, when one is ' +
      'being taken (by this or another server process), or when it failed (the message says why).',
    adminsOnly: apiMessages.adminsOnlyBackups,
    responses: { 201: BackupTaken },
    errors: [409],
  }),
  downloadBackup: endpoint({
    ...backupRoutes.downloadBackup,
    tag: 'backups',
    summary:
      'One kept backup file, streamed as an attachment; recorded in the activity (admins only)',
    adminsOnly: apiMessages.adminsOnlyBackups,
    params: BackupNameParams,
    responses: { 200: BackupBytes },
    errors: [404],
  }),
};
