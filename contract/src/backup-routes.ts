// The browser's half of the calls of backup-endpoints.ts (`Route`: method, path, access,
// topics, texts), which spreads each route into its schemas. No schema is built or imported here.
import { texts } from './endpoint-texts.js';
import { messages } from './messages.js';
import { defineRoute as route } from './endpoint.js';

export const backupRoutes = {
  listBackups: route({
    method: 'GET',
    path: '/backups',
    reads: ['backups'],
    access: 'admin',
    texts: texts(messages.failedLoadBackups, messages.errorLoadingBackups),
  }),
  takeBackupNow: route({
    method: 'POST',
    path: '/backups',
    changes: ['backups', 'activity'],
    access: 'admin',
    texts: texts(messages.failedBackUp, messages.errorBackingUp),
  }),
  downloadBackup: route({
    method: 'GET',
    path: '/backups/:name/download',
    reads: ['backups'],
    access: 'admin',
    file: { mediaType: 'application/octet-stream', fileName: 'office.backup' },
    texts: texts(messages.failedDownloadBackup, messages.errorDownloadingBackup),
  }),
};
