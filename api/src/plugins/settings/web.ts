// The web apps' server (web/static.ts): where the builds are, the remotes' URLs and hashes, who
// asks, for /remotes.json's choice of versions, and the record of what it served them.
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/index.js';
import { findSessionUser } from '../../repositories/sessions.js';
import { recordLoad } from '../../releases/remote-loads.js';
import type { WebOptions } from '../../web/static.js';
import { bearerToken } from '../auth.js';

/**
 * The user of a bearer token, for /remotes.json's choice of versions: read from the sessions and
 * remembered for 30 s (at most 1000 tokens), so a page load's list costs no database read. A
 * session ended within those seconds may still be listed its canary; the list holds no data.
 */
function sessionUserIds(db: Db, policy: AppConfig['session']) {
  const remembered = new Map<string, { id: number | undefined; until: number }>();
  return async (request: FastifyRequest): Promise<number | undefined> => {
    const token = bearerToken(request);
    if (!token) return undefined;
    // Kept by its hash, as the sessions table keeps it.
    const key = createHash('sha256').update(token).digest('base64url');
    const now = Date.now();
    const known = remembered.get(key);
    if (known && known.until > now) return known.id;
    const id = (await findSessionUser(db, token, policy))?.id;
    if (remembered.size >= 1000) remembered.delete(remembered.keys().next().value!);
    remembered.set(key, { id, until: now + 30_000 });
    return id;
  };
}

export const webSettings = (config: AppConfig, webRoot: string, db: Db): WebOptions => ({
  webRoot,
  remoteUrls: config.remoteUrls,
  remoteSri: config.remoteSri,
  userOf: sessionUserIds(db, config.session),
  recordLoad: (userId, versions) => recordLoad(db, userId, versions),
});
