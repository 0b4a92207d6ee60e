// The calls of backups taken by the server (tag backups).
import { texts } from './endpoint-texts.js';
import { BackupBytes, BackupList, BackupNameParams, BackupTaken } from './backups.js';
import { defineEndpoint as endpoint } from './endpoint.js';
import { apiMessages, messages } from './messages.js';

export const backupEndpoints = {
  listBackups: endpoint({
    method: 'GET',
    path: '/backups',
    reads: ['backups'],
    tag: 'backups',
    summary:
      'The kept backups with their manifests, the schedule and the last failure (admins only)',
    access: 'admin',
    adminsOnly: apiMessages.adminsOnlyBackups,
    responses: { 200: BackupList },
    errors: [],
    texts: texts(messages.failedLoadBackups, messages.errorLoadingBackups),
  }),
  takeBackupNow: endpoint({
    method: 'POST',
    path: '/backups',
    changes: ['backups', 'activity'],
    tag: 'backups',
    summary:
      'Take a backup now, as the schedule does, and keep the newest BACKUP_KEEP (admins only)',
    description:
      'Answers once the file is written and read back. 409 when backups are off, when one is ' +
      'being taken (by this or another server process), or when it failed (the message says why).',
    access: 'admin',
    adminsOnly: apiMessages.adminsOnlyBackups,
    responses: { 201: BackupTaken },
    errors: [409],
    texts: texts(messages.failedBackUp, messages.errorBackingUp),
  }),
  downloadBackup: endpoint({
    method: 'GET',
    path: '/backups/:name/download',
    reads: ['backups'],
    tag: 'backups',
    summary:
      'One kept backup file, streamed as an attachment; recorded in the activity (admins only)',
    access: 'admin',
    adminsOnly: apiMessages.adminsOnlyBackups,
    params: BackupNameParams,
    responses: { 200: BackupBytes },
    file: { mediaType: 'application/octet-stream', fileName: 'office.backup' },
    errors: [404],
    texts: texts(messages.failedDownloadBackup, messages.errorDownloadingBackup),
  }),
};
