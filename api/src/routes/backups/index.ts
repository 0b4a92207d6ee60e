// /api/backups (admins only): the kept backups and the schedule, "Back up now" (the schedule's
// own run, under the same lock), and the download of one kept file, streamed and recorded in the
// activity. The work is backup/schedule.ts's.
import { open } from 'node:fs/promises';
import type { FastifyPluginAsync } from 'fastify';
import { apiMessages, endpoints, messages } from 'contract';
import { audit } from '../../lib/audit.js';
import { conflict, notFound } from '../../lib/errors.js';
import { currentUser } from '../../plugins/auth.js';
import { NamedFile, route } from '../route.js';

export const backupRoutes: FastifyPluginAsync = async (app) => {
  route(app, endpoints.listBackups, () => app.backups.list());

  route(app, endpoints.takeBackupNow, async (request) => {
    const user = currentUser(request);
    const outcome = await app.backups.run('manual', (tx, backup) =>
      audit(tx, {
        actorId: user.id,
        action: 'backup_taken',
        entity: 'backup',
        entityId: backup.name,
        after: { name: backup.name, bytes: backup.bytes, rows: backup.rows },
      }),
    );
    switch (outcome.kind) {
      case 'ok':
        return { message: messages.backupTaken, backup: outcome.backup };
      case 'off':
        throw conflict(apiMessages.backupsOff);
      case 'busy':
        throw conflict(apiMessages.backupRunning);
      case 'failed':
        throw conflict(`${apiMessages.backupFailed}: ${outcome.message}`);
      default:
        // A manual run is never "not due".
        throw conflict(apiMessages.backupRunning);
    }
  });

  route(app, endpoints.downloadBackup, async (request) => {
    const { name } = request.params;
    const found = await app.backups.find(name);
    if (!found) throw notFound(apiMessages.backupNotFound);
    // Opened before the record: a file pruned meanwhile answers 404 and records nothing.
    const handle = await open(found.file, 'r').catch(() => {
      throw notFound(apiMessages.backupNotFound);
    });
    try {
      await audit(app.db, {
        actorId: currentUser(request).id,
        action: 'backup_downloaded',
        entity: 'backup',
        entityId: name,
        after: { name, bytes: found.bytes },
      });
    } catch (error) {
      await handle.close();
      throw error;
    }
    return new NamedFile(name, handle.createReadStream(), found.bytes);
  });
};
