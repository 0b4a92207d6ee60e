// Configuration from the environment, read once at start. Tests build it directly.
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import path from 'node:path';
import { RECEIPT_LIMITS, REMOTE_NAMES, remoteUrlVariable } from 'contract';
import { parseTotpKey } from './lib/two-step-key.js';
import { ROLLUP_FOLD_MS } from './db/rollup-folder.js';
import { STATISTICS_CHECK_SECONDS } from './db/statistics.js';

/** argon2id cost: memory in KiB, iterations (time cost), lanes (parallelism). */
export interface Argon2Cost {
  memoryKib: number;
  iterations: number;
  parallelism: number;
}

/** Limits that cut slow or idle clients off and bound the open sockets (milliseconds). */
export interface HttpLimits {
  /** Time a client has to send the complete request headers. */
  headersTimeoutMs: number;
  /** Time a client has to send the complete request, headers and body. */
  requestTimeoutMs: number;
  /** An idle keep-alive connection is closed after this long without a new request. */
  keepAliveTimeoutMs: number;
  /** Open connections beyond this are closed at once. */
  maxConnections: number;
}

export interface AppConfig {
  /** Where the server listens: PORT (default 8080; 0 asks the system for a free port) and HOST
   * (default 0.0.0.0, every interface). */
  listen: { port: number; host: string };
  /** PostgreSQL connection string; unset means the embedded PGlite in `dataDir`. */
  databaseUrl?: string;
  /** PUBLIC_URL: the address staff open the app at (`https://office.example.com/`), which links
   * in downloaded files start with; unset, each file's links start with its request's origin. */
  publicUrl?: string;
  /** Connections in each process's PostgreSQL pool. */
  databasePoolSize: number;
  /** PGlite data directory; `memory://` for a throw-away in-memory database. */
  dataDir: string;
  /** IANA time zone that day boundaries are computed in. */
  timeZone: string;
  adminEmail: string;
  adminPassword?: string;
  session: { idleMinutes: number; lifetimeHours: number };
  login: {
    /** Login attempts per minute from one address. */
    perIpPerMinute: number;
    /** Failures for one e-mail from one address before that address waits out the window;
     * the same number for one e-mail from all addresses starts slowing its attempts down. */
    perEmailFailures: number;
    perEmailWindowMinutes: number;
    /** The longest an attempt for a much-guessed e-mail waits; default 5. */
    maxDelaySeconds?: number;
  };
  /** Reverse proxies whose X-Forwarded-For is believed: a hop count or addresses/CIDR ranges.
   * Unset: the header is ignored and the client is the connection's peer. */
  trustProxy?: number | string[];
  argon2: Argon2Cost;
  /** TOTP_KEY: the key two-step secrets are encrypted with (lib/two-step-key.ts). */
  totpKey?: Buffer;
  http: HttpLimits;
  bodyLimitBytes: number;
  /** Where the built web apps live (the repository root); unset serves the API only. */
  webRoot?: string;
  /** Manifest URLs of remotes deployed elsewhere, by remote name. */
  remoteUrls: Record<string, string>;
  /** REMOTE_<NAME>_SRI: the SHA-384 of such a remote's entry (`sha384-<base64>`), checked by
   * the browser before the entry runs. */
  remoteSri?: Record<string, string>;
  /** When a canary is rolled back by itself (releases/rollout-watch.ts). */
  rollout?: RolloutSettings;
  logLevel: string;
  /** Backups taken by the running server (backup/schedule.ts). */
  backup: BackupSettings;
  /** ROLLUP_FOLD_MS: how often this process folds queued entries into the roll-ups
   * (db/rollup-folder.ts); default 1000. */
  rollupFoldMs: number;
  /** STATISTICS_CHECK_SECONDS: how often the embedded database's statistics are checked and the
   * tables that grew analysed (db/statistics.ts); default 60, 0 never (but after bulk writes). */
  statisticsCheckSeconds: number;
  /** Bounds on the work files cost this process (files/images.ts, lib/export-slots.ts). */
  files: FileWorkLimits;
}

export interface FileWorkLimits {
  /** UPLOAD_MEMORY_MB: bytes of receipt uploads held in memory at once, all requests together;
   * an upload that does not fit is refused with 429. Never less than one full upload. */
  uploadMemoryBytes: number;
  /** IMAGE_CONCURRENCY: images decoded at once in this process; default 1. */
  imageConcurrency: number;
  /** FILE_WORK_NICE: the CPU nice value (0 to 19) of the threads that decode images and draw
   * PDFs; default 19 (the lowest priority). */
  workNice?: number;
  /** EXPORTS_PER_USER: heavy exports (PDF, Excel, the Journal's CSV) one user may have under
   * way at once in this process; default 2. */
  exportsPerUser: number;
}

export interface RolloutSettings {
  /** ROLLOUT_MIN_USERS: distinct users who loaded a canary before it is judged; default 5. */
  minUsers: number;
  /** ROLLOUT_MAX_EXTRA_FAILURE_PCT: points of failure rate a canary may have above the served
   * version's before it is rolled back; default 5. */
  maxExtraFailurePct: number;
  /** ROLLOUT_CHECK_SECONDS: how often each process looks at the canaries; default 30. */
  checkSeconds?: number;
}

export const DEFAULT_ROLLOUT: RolloutSettings = { minUsers: 5, maxExtraFailurePct: 5 };

/** The environment variable that gives the integrity of a remote deployed elsewhere. */
export const remoteSriVariable = (name: string): string => `REMOTE_${name.toUpperCase()}_SRI`;

/** An `integrity` value: sha256/384/512 and the digest in base64. */
const SRI_VALUE = /^sha(256|384|512)-[A-Za-z0-9+/]{43,86}={0,2}$/;

function remoteSriFromEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  const sri: Record<string, string> = {};
  for (const name of REMOTE_NAMES) {
    const value = env[remoteSriVariable(name)]?.trim();
    if (!value) continue;
    if (!SRI_VALUE.test(value)) {
      // Ignoring it would load the remote unchecked: refuse to start instead.
      throw new Error(
        `${remoteSriVariable(name)} must be an integrity value such as sha384-<base64 digest>`,
      );
    }
    if (!env[remoteUrlVariable(name)]) {
      throw new Error(
        `${remoteSriVariable(name)} is set without ${remoteUrlVariable(name)}: deployed versions carry their own`,
      );
    }
    sri[name] = value;
  }
  return sri;
}

function rolloutSettings(env: NodeJS.ProcessEnv): RolloutSettings {
  const pct = Number(env.ROLLOUT_MAX_EXTRA_FAILURE_PCT);
  return {
    minUsers: int(env.ROLLOUT_MIN_USERS, DEFAULT_ROLLOUT.minUsers),
    maxExtraFailurePct:
      env.ROLLOUT_MAX_EXTRA_FAILURE_PCT && Number.isFinite(pct) && pct >= 0 && pct <= 100
        ? pct
        : DEFAULT_ROLLOUT.maxExtraFailurePct,
    checkSeconds: Math.min(3600, Math.max(1, int(env.ROLLOUT_CHECK_SECONDS, 30))),
  };
}

export interface BackupSettings {
  /** BACKUP_DIR as set; unset means `<dataDir>/backups` on the embedded database and off on
   * PostgreSQL (see `backupDirectory`). */
  dir?: string;
  /** BACKUP_EVERY_HOURS: hours between scheduled backups (fractions allowed); default 24. */
  everyHours: number;
  /** BACKUP_KEEP: good backups kept, the newest; default 14. */
  keep: number;
  /** BACKUP_PASSPHRASE: encrypts every backup the server takes. */
  passphrase?: string;
}

/** OWASP's argon2id recommendation (Password Storage Cheat Sheet): 19 MiB, 2 iterations, 1 lane. */
export const OWASP_ARGON2ID: Argon2Cost = { memoryKib: 19_456, iterations: 2, parallelism: 1 };

const int = (value: string | undefined, fallback: number): number => {
  const parsed = Number.parseInt(value ?? '', 10);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
};

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const remoteUrls: Record<string, string> = {};
  for (const name of REMOTE_NAMES) {
    const url = env[remoteUrlVariable(name)];
    if (url) remoteUrls[name] = url;
  }
  return {
    listen: { port: listenPort(env.PORT), host: env.HOST || '0.0.0.0' },
    databaseUrl: env.DATABASE_URL || undefined,
    publicUrl: publicUrl(env.PUBLIC_URL),
    databasePoolSize: int(env.DATABASE_POOL_SIZE, 10),
    // `memory://` (a throw-away database) is a URL, not a folder to resolve.
    dataDir: env.DATA_DIR?.includes('://') ? env.DATA_DIR : path.resolve(env.DATA_DIR || './data'),
    timeZone: env.TZ || Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
    adminEmail: env.ADMIN_EMAIL || 'admin@example.com',
    adminPassword: env.ADMIN_PASSWORD || undefined,
    session: {
      idleMinutes: int(env.SESSION_IDLE_MINUTES, 120),
      lifetimeHours: int(env.SESSION_LIFETIME_HOURS, 12),
    },
    login: {
      perIpPerMinute: int(env.LOGIN_RATE_PER_MINUTE, 20),
      perEmailFailures: int(env.LOGIN_MAX_FAILURES, 5),
      perEmailWindowMinutes: int(env.LOGIN_FAILURE_WINDOW_MINUTES, 15),
      maxDelaySeconds: int(env.LOGIN_MAX_DELAY_SECONDS, 5),
    },
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    argon2: OWASP_ARGON2ID,
    totpKey: parseTotpKey(env.TOTP_KEY),
    http: httpLimits(env),
    bodyLimitBytes: int(env.BODY_LIMIT_BYTES, 64 * 1024),
    webRoot: env.WEB_ROOT ? path.resolve(env.WEB_ROOT) : undefined,
    remoteUrls,
    remoteSri: remoteSriFromEnv(env),
    rollout: rolloutSettings(env),
    logLevel: env.LOG_LEVEL || 'info',
    backup: backupSettings(env),
    rollupFoldMs: rollupFoldMs(env.ROLLUP_FOLD_MS),
    statisticsCheckSeconds: statisticsCheckSeconds(env.STATISTICS_CHECK_SECONDS),
    files: fileWorkLimits(env),
  };
}

/** PUBLIC_URL as an http(s) address ending in `/`; anything else stops the start with a message. */
export function publicUrl(value: string | undefined): string | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash)
    throw new Error(
      `PUBLIC_URL must be the http or https address staff open the app at, such as https://office.example.com/, not "${value}"`,
    );
  return url.href.endsWith('/') ? url.href : `${url.href}/`;
}

/** A receipt upload at its largest: every file at its limit, plus the form's own text. */
export const MAX_UPLOAD_BYTES =
  RECEIPT_LIMITS.maxFilesPerEntry * (RECEIPT_LIMITS.maxFileBytes + 16 * 1024) + 256 * 1024;

function fileWorkLimits(env: NodeJS.ProcessEnv): FileWorkLimits {
  return {
    uploadMemoryBytes: Math.max(int(env.UPLOAD_MEMORY_MB, 128) * 1024 * 1024, MAX_UPLOAD_BYTES),
    imageConcurrency: int(env.IMAGE_CONCURRENCY, 1),
    workNice: /^\d+$/.test(env.FILE_WORK_NICE ?? '') ? Number(env.FILE_WORK_NICE) : 19,
    exportsPerUser: int(env.EXPORTS_PER_USER, 2),
  };
}

/** The folder backups go to: BACKUP_DIR, else `<DATA_DIR>/backups` on an embedded database kept
 * on disk; none (backups off) on PostgreSQL without BACKUP_DIR and on an in-memory database. */
export function backupDirectory(
  config: Pick<AppConfig, 'backup' | 'databaseUrl' | 'dataDir'>,
): string | undefined {
  if (config.backup.dir) return config.backup.dir;
  if (config.databaseUrl || config.dataDir.includes('://')) return undefined;
  return path.join(config.dataDir, 'backups');
}

/** The most hours BACKUP_EVERY_HOURS takes: a year. */
const MAX_BACKUP_HOURS = 24 * 366;

function backupSettings(env: NodeJS.ProcessEnv): BackupSettings {
  const hoursText = env.BACKUP_EVERY_HOURS?.trim() ?? '';
  const everyHours = hoursText === '' ? 24 : Number(hoursText);
  if (
    !/^\d*\.?\d+$/.test(hoursText || '24') ||
    !(everyHours > 0) ||
    everyHours > MAX_BACKUP_HOURS
  ) {
    throw new Error(
      `BACKUP_EVERY_HOURS must be a number of hours above 0 and at most ${MAX_BACKUP_HOURS} (fractions allowed, e.g. 0.5), not "${env.BACKUP_EVERY_HOURS}"`,
    );
  }
  const keepText = env.BACKUP_KEEP?.trim() ?? '';
  const keep = keepText === '' ? 14 : Number(keepText);
  if (!/^\d+$/.test(keepText || '14') || keep < 1 || keep > 10_000) {
    throw new Error(
      `BACKUP_KEEP must be a whole number of backups from 1 to 10000, not "${env.BACKUP_KEEP}"`,
    );
  }
  return {
    dir: env.BACKUP_DIR ? path.resolve(env.BACKUP_DIR) : undefined,
    everyHours,
    keep,
    passphrase: env.BACKUP_PASSPHRASE || undefined,
  };
}

/** ROLLUP_FOLD_MS: unset means ROLLUP_FOLD_MS (1000); a whole number of milliseconds from 10 to 600000 (ten
 * minutes) else, since a timer beyond 2^31 - 1 ms would fire every millisecond instead. */
function rollupFoldMs(value: string | undefined): number {
  const text = value?.trim() ?? '';
  if (text === '') return ROLLUP_FOLD_MS;
  const ms = Number(text);
  if (!/^\d+$/.test(text) || ms < 10 || ms > 600_000)
    throw new Error(
      `ROLLUP_FOLD_MS must be a whole number of milliseconds from 10 to 600000, not "${value}"`,
    );
  return ms;
}

/** STATISTICS_CHECK_SECONDS: unset means 60; a whole number of seconds from 0 (no schedule) to
 * 86400 else. */
function statisticsCheckSeconds(value: string | undefined): number {
  const text = value?.trim() ?? '';
  if (text === '') return STATISTICS_CHECK_SECONDS;
  if (!/^\d+$/.test(text) || Number(text) > 86_400)
    throw new Error(
      `STATISTICS_CHECK_SECONDS must be a whole number of seconds from 0 to 86400, not "${value}"`,
    );
  return Number(text);
}

/** PORT as a port number: unset means 8080; anything but a whole number 0..65535 is refused. */
function listenPort(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 8080;
  const port = Number(value);
  if (!/^\d+$/.test(value.trim()) || port > 65_535)
    throw new Error(`PORT must be a port number from 0 to 65535, not "${value}"`);
  return port;
}

function httpLimits(env: NodeJS.ProcessEnv): HttpLimits {
  const requestTimeoutMs = int(env.REQUEST_TIMEOUT_MS, 30_000);
  return {
    // Node requires the headers' deadline to be no later than the whole request's.
    headersTimeoutMs: Math.min(int(env.HEADERS_TIMEOUT_MS, 10_000), requestTimeoutMs),
    requestTimeoutMs,
    keepAliveTimeoutMs: int(env.KEEP_ALIVE_TIMEOUT_MS, 10_000),
    maxConnections: int(env.MAX_CONNECTIONS, 2_000),
  };
}

/**
 * TRUST_PROXY: a number is how many proxies stand in front (the client is that many addresses
 * from the right of X-Forwarded-For); otherwise a comma-separated list of the proxies'
 * addresses or CIDR ranges. Unset or empty trusts nobody.
 */
export function parseTrustProxy(value: string | undefined): number | string[] | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number.parseInt(text, 10) || undefined;
  const proxies = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  for (const proxy of proxies) {
    const [address = '', bits, ...rest] = proxy.split('/');
    const valid =
      PROXY_RANGE_NAMES.has(proxy) ||
      (isIP(address) !== 0 && rest.length === 0 && (bits === undefined || /^\d{1,3}$/.test(bits)));
    if (!valid) {
      throw new Error(
        `TRUST_PROXY must be a number of proxies or a comma-separated list of addresses or CIDR ranges, not "${proxy}"`,
      );
    }
  }
  return proxies;
}

/** Named ranges that Fastify's trustProxy understands besides addresses. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** A random password for the first admin when none is configured. */
export const generatePassword = (): string => randomBytes(12).toString('base64url');
