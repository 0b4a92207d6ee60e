// Serves the built web apps from the API's origin (docs/architecture.md#running-it): the shell at `/`, each remote's
// build at `/remotes/mf-<name>/`, its deployed versions at `/remotes/mf-<name>/v/<version>/`,
// `/remotes.json` (the runtime list of remote manifests the shell reads at start), and the SPA
// fallback. Registered after the /api routes, so it never shadows them.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import compress from '@fastify/compress';
import { apiMessages } from 'contract';
import {
  REMOTE_NAMES,
  currentDeployState,
  isKeptVersion,
  remoteDir,
  versionDir,
} from '../releases/deploy-state.js';
import { CHUNK_TABLE_FILE, chunkTable, remoteList } from '../releases/rollout.js';

export interface WebOptions {
  /** The repository root: holds shell/dist and mf-<name>/dist. */
  webRoot: string;
  /** Manifest URLs of remotes deployed elsewhere, by remote name (REMOTE_<NAME>_URL). */
  remoteUrls?: Record<string, string>;
  /** The entry's SHA-384 of those remotes, by remote name (REMOTE_<NAME>_SRI). */
  remoteSri?: Record<string, string>;
  /**
   * The signed-in user of a request, if any (its bearer token): /remotes.json lists a canary
   * only to the users chosen for it. Without it, everyone gets the served versions.
   */
  userOf?: (request: FastifyRequest) => Promise<number | undefined>;
  /**
   * Records that a signed-in user is served these deployed versions by one answer of
   * /remotes.json and names that load (releases/remote-loads.ts): the shell reports each remote's health
   * with it, and only what was served counts.
   */
  recordLoad?: (userId: number, versions: Record<string, string>) => Promise<string | undefined>;
}

export { REMOTE_NAMES } from '../releases/deploy-state.js';

/**
 * The manifest URLs of /remotes.json (see remoteList in releases/rollout.ts): a configured URL wins; then
 * the deployed version `npm run deploy` switched to; otherwise the remote's own build.
 */
export function remoteManifests(
  webRoot: string,
  remoteUrls: Record<string, string> = {},
): Record<string, string> {
  const body = remoteList(webRoot, { remoteUrls });
  return Object.fromEntries(
    Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/** Webpack names chunks `<name>.<8 hex>.js|css`; such a file never changes, so caches keep it. */
const HASHED_ASSET = /\.[0-9a-f]{8}\.(js|css)$/;

/** Every file of a deployed version (`releases/<version>/...`) never changes, entries included. */
const DEPLOYED_FILE = /[\\/]releases[\\/][0-9a-f]{12}[\\/]/;

function cacheControlFor(servedPath: string): string {
  // A precompressed copy (`.br`, `.gz`) is cached like the file it stands for.
  const filePath = servedPath.replace(/\.(br|gz)$/, '');
  return HASHED_ASSET.test(path.basename(filePath)) || DEPLOYED_FILE.test(filePath)
    ? 'public, max-age=31536000, immutable'
    : // index.html, start.js, a remote's main.js and remoteEntry.js, mf-manifest.json: revalidate
      // every time, so a new deployment is picked up on the next load.
      'no-cache';
}

/** CSP directives: only this origin and the origins of the configured remote URLs. */
export function contentSecurityPolicy(remoteUrls: Record<string, string> = {}) {
  const origins = [
    ...new Set(
      Object.values(remoteUrls)
        .map((url) => {
          try {
            return new URL(url).origin;
          } catch {
            // A relative URL is served from this origin, which 'self' already admits.
            return undefined;
          }
        })
        .filter((origin): origin is string => Boolean(origin)),
    ),
  ];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...origins],
    styleSrc: ["'self'", ...origins],
    connectSrc: ["'self'", ...origins],
    imgSrc: ["'self'", 'data:'],
    fontSrc: ["'self'", ...origins],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    // The product runs on plain HTTP inside office networks too; upgrading its own requests to
    // HTTPS there would break every script load.
    upgradeInsecureRequests: null,
  };
}

/**
 * The path as a lenient router might read it: percent-escapes decoded, `;` parameters, `.` and
 * `..` segments and repeated or trailing slashes resolved, lower case. The fallback decides on this, so that no spelling of an
 * /api or /remotes path is answered with the app's HTML.
 */
export function canonicalPath(url: string): string {
  let decoded = url.split('?')[0] ?? '';
  for (let round = 0; round < 3 && /%[0-9a-f]{2}/i.test(decoded); round += 1) {
    try {
      decoded = decodeURIComponent(decoded);
    } catch {
      break;
    }
  }
  const segments: string[] = [];
  for (const part of decoded.replace(/\\/g, '/').split('/')) {
    const segment = part.split(';')[0] ?? '';
    if (segment === '..') segments.pop();
    else if (segment !== '' && segment !== '.') segments.push(segment.toLowerCase());
  }
  return `/${segments.join('/')}`;
}

/** A path that names a file (has an extension) is never answered with the app's HTML. */
const looksLikeFile = (canonical: string): boolean => /\.[a-z0-9]+$/.test(canonical);

/**
 * Files never answered by their own name. Source maps stay on the server: served, they would
 * hand out the application's source. A build's precompressed copies (`.br`, `.gz`) are sent only
 * in place of their file, with its type and a Content-Encoding, never as files of their own.
 */
const isHidden = (canonical: string): boolean => /\.(map|br|gz)$/.test(canonical);

export const webPlugin = fp<WebOptions>(
  async (app, options) => {
    const webRoot = path.resolve(options.webRoot);
    const shellDist = path.join(webRoot, 'shell', 'dist');
    const remoteUrls = options.remoteUrls ?? {};
    const reportedMissing = new Set<string>();

    await app.register(compress, { global: true, threshold: 1024 });

    const notFound = (reply: FastifyReply) =>
      reply.status(404).type('application/json').send({ message: apiMessages.notFound });

    await app.register(fastifyStatic, {
      root: shellDist,
      prefix: '/',
      index: ['index.html'],
      // Our own Cache-Control per file instead of one max-age for everything.
      cacheControl: false,
      // The builds write a .br and a .gz copy of each text file (PrecompressPlugin in
      // webpack/create-config.mjs): sent as they are, not compressed again on every request.
      // Files without a copy (small ones) fall back to the file, compressed on the fly.
      preCompressed: true,
      setHeaders: (reply, filePath) => reply.header('Cache-Control', cacheControlFor(filePath)),
      allowedPath: (pathName) => !isHidden(canonicalPath(pathName)),
    });

    app.get('/remotes.json', async (request, reply) => {
      // The list depends on who asks (a canary goes to some users): never shared by a cache.
      reply.header('Cache-Control', 'no-cache');
      if (request.headers.authorization) reply.header('Vary', 'Authorization');
      let userId: number | undefined;
      try {
        userId = options.userOf ? await options.userOf(request) : undefined;
      } catch (error) {
        // A database hiccup costs this user the canary, never the list.
        request.log.warn({ err: error }, 'could not read the session for /remotes.json');
      }
      const body = remoteList(webRoot, {
        remoteUrls,
        remoteSri: options.remoteSri,
        userId,
        onMissing: (remote, version, canary) => {
          // Once per version and process: every page load would say it again.
          const key = `${remote}/${version}`;
          if (reportedMissing.has(key)) return;
          reportedMissing.add(key);
          request.log.error(
            { remote: remoteDir(remote), version },
            canary
              ? `${remoteDir(remote)}: the files of canary ${version} are missing; its users get the served version`
              : `${remoteDir(remote)}: the files of served version ${version} are missing; the remote is listed as unavailable (roll back or deploy again)`,
          );
        },
        onUnreadable: (remote) => {
          const key = `${remote}/state`;
          if (reportedMissing.has(key)) return;
          reportedMissing.add(key);
          request.log.error(
            { remote: remoteDir(remote) },
            `${remoteDir(remote)}: its deploy state (releases/state.json) cannot be read; the remote is listed as unavailable, not served from its own build (repair the file, or deploy again)`,
          );
        },
      });
      if (userId !== undefined && body.versions && options.recordLoad) {
        try {
          const load = await options.recordLoad(userId, body.versions);
          if (load) body.health = { load };
        } catch (error) {
          // Without a load the tab's reports are not counted; the list itself is still served.
          request.log.warn({ err: error }, 'could not record the versions /remotes.json served');
        }
      }
      return body;
    });

    // A deployed version's chunk table, from its release record (not a file of the version: one
    // altered on disk would vouch for altered chunks). The shell checks it against the hash
    // /remotes.json gives.
    app.get<{ Params: { dir: string; version: string } }>(
      `/remotes/:dir/v/:version/${CHUNK_TABLE_FILE}`,
      (request, reply) => {
        const { dir, version } = request.params;
        const name = REMOTE_NAMES.find((known) => remoteDir(known) === dir);
        const files = name
          ? currentDeployState(webRoot, name)?.versions.find((kept) => kept.version === version)
              ?.files
          : undefined;
        if (!name || !files) return notFound(reply);
        reply.header('Cache-Control', 'public, max-age=31536000, immutable');
        return reply.type('application/json').send(chunkTable(name, version, files).body);
      },
    );

    // A deployed version: every file of it is immutable. The version must be one the deploy state
    // keeps (a 12-hex-digit name), and the file is resolved under that version's folder.
    app.get<{ Params: { dir: string; version: string; '*': string } }>(
      '/remotes/:dir/v/:version/*',
      (request, reply) => {
        const { dir, version } = request.params;
        const file = request.params['*'];
        const name = REMOTE_NAMES.find((known) => remoteDir(known) === dir);
        if (!name || !file || isHidden(canonicalPath(file))) return notFound(reply);
        if (!isKeptVersion(webRoot, name, version)) return notFound(reply);
        return reply.sendFile(file, versionDir(webRoot, name, version));
      },
    );

    // One route for every remote: the directory is checked against the known names and the file
    // is resolved by @fastify/static under that remote's dist (which rejects `..`).
    app.get<{ Params: { dir: string; '*': string } }>('/remotes/:dir/*', (request, reply) => {
      const { dir } = request.params;
      const file = request.params['*'];
      const known = REMOTE_NAMES.some((name) => remoteDir(name) === dir);
      const root = path.join(webRoot, dir, 'dist');
      if (!known || !file || isHidden(canonicalPath(file)) || !existsSync(root))
        return notFound(reply);
      return reply.sendFile(file, root);
    });

    app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
      const canonical = canonicalPath(request.url);
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !/^\/(api|remotes)(\/|$)/.test(canonical) &&
        !looksLikeFile(canonical);
      if (!isPage || !existsSync(path.join(shellDist, 'index.html'))) return notFound(reply);
      // Every client-side route (/Users, /settings, unknown ones) gets the shell, which decides
      // between the screen, the login page and its not-found page.
      reply.header('Cache-Control', 'no-cache');
      return reply.type('text/html; charset=utf-8').sendFile('index.html', shellDist);
    });
  },
  { name: 'web' },
);
