// Builds the Fastify application: external plugins first (security headers, compression, rate
// limit, docs), then auth, then the /api routes, then the web apps. Tests call buildApp and
// app.inject; server.ts only listens.
import { STATUS_CODES } from 'node:http';
import Fastify, { type FastifyError, type FastifyInstance, type RouteOptions } from 'fastify';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { apiMessages, backupMessages, errorCode } from 'contract';
import { backupDirectory, type AppConfig } from './config.js';
import { BackupService } from './backup/schedule.js';
import { backupSigningKey } from './backup/signature.js';
import { startRollupFolder } from './db/rollup-folder.js';
import { openDatabase, type DatabaseHandle, type Db } from './db/index.js';
import { authPlugin } from './plugins/auth.js';
import { helmetSettings } from './plugins/settings/helmet.js';
import { rateLimitSettings } from './plugins/settings/rate-limit.js';
import { swaggerSettings } from './plugins/settings/swagger.js';
import { swaggerUiSettings } from './plugins/settings/swagger-ui.js';
import { webSettings } from './plugins/settings/web.js';
import { serverSettings } from './plugins/settings/server.js';
import {
  HttpError,
  PG_CONCURRENT_CHANGE,
  PG_FOREIGN_KEY_VIOLATION,
  PG_UNIQUE_VIOLATION,
  pgCode,
} from './lib/errors.js';
import { LoginThrottle } from './lib/login-throttle.js';
import { resolveTotpKey } from './lib/two-step-key.js';
import { capConnections } from './lib/connection-cap.js';
import { RateCounters } from './repositories/rate-counters.js';
import { ensureFirstAdmin } from './repositories/users.js';
import { keyUnkeyedExpenseTypes } from './repositories/expense-types.js';
import { apiRoutes } from './routes/index.js';
import { RolloutWatch } from './releases/rollout-watch.js';
import { named } from './lib/named-plugin.js';
import { requestContextPlugin } from './lib/request-context.js';
import { useJsonBodyParser } from './lib/json-body.js';
import { webPlugin } from './web/static.js';
import { recordApiContract } from './releases/built-against.js';
import { configureImages } from './files/images.js';
import { configureWorkers } from './exports/worker.js';
import { ExportSlots } from './lib/export-slots.js';
import { statisticsKeeper, type StatisticsKeeper } from './db/statistics.js';
import { stopImports } from './bank/import-batches.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: AppConfig;
    loginThrottle: LoginThrottle;
    /** Two-step sign-in codes, throttled by the same rule as passwords, per user. */
    twoStepThrottle: LoginThrottle;
    /** The key two-step secrets are sealed with; none on PostgreSQL without TOTP_KEY. */
    twoStepKey: Buffer | undefined;
    /** Backups taken by this server: the schedule and "Back up now" (backup/schedule.ts). */
    backups: BackupService;
    /** The heavy exports each user has under way (lib/export-slots.ts). */
    exportSlots: ExportSlots;
    /** Rolls back a failing canary, promotes a due one (releases/rollout-watch.ts); none without
     * WEB_ROOT. */
    rolloutWatch: RolloutWatch | undefined;
    /** The planner's statistics kept current (db/statistics.ts). */
    statistics: StatisticsKeeper;
  }
}

export interface BuildOptions {
  /** An already open database (tests share one per file); otherwise opened from config. */
  database?: DatabaseHandle;
  logger?: boolean | object;
  /** Sees every route as it is registered (the hostile test suite walks the route table). */
  onRoute?: (route: RouteOptions) => void;
  /** false: the embedded database's statistics are not checked on a schedule, only after bulk
   * writes (tests, which analyse by hand); default true. */
  statisticsSchedule?: boolean;
  /** false: no scheduled backups (tests that take them by hand); default true. */
  scheduleBackups?: boolean;
  /** false: backups of PostgreSQL run on the server's thread, not a worker thread (tests whose
   * subject is not the thread); default true. */
  backupsInWorker?: boolean;
  /** false: the server does not post due repeating entries by itself; default true. */
  autoPostRecurring?: boolean;
  /** false: this server does not fold the roll-up queue (tests that fold by hand); default true. */
  foldRollups?: boolean;
  /** Checks canaries every 30 s (default true); tests call `app.rolloutWatch.check()` instead. */
  watchRollout?: boolean;
}

export type App = FastifyInstance;

export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<App> {
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    ...serverSettings(config),
  }).withTypeProvider<TypeBoxTypeProvider>();
  useJsonBodyParser(app);
  // Every error answer carries a stable `code` beside its `message` (contract/src/error-codes.ts),
  // whichever part of the server refused: a route, a guard, the validator or the error handler.
  app.addHook('preSerialization', async (_request, reply, payload) => {
    if (reply.statusCode < 400 || typeof payload !== 'object' || payload === null) return payload;
    const { message } = payload as { message?: unknown; code?: unknown };
    if (typeof message !== 'string' || 'code' in payload) return payload;
    return { code: errorCode(reply.statusCode, message), ...payload };
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  // Images are decoded a few at a time, whichever request sent them (files/images.ts).
  configureImages(config.files.imageConcurrency, config.files.workNice);
  configureWorkers(config.files.workNice);
  const database = options.database ?? (await openDatabase(config));
  const ownsDatabase = !options.database;
  app.decorate('db', database.db);
  app.decorate('config', config);
  const counters = new RateCounters(database.db);
  const throttlePolicy = {
    maxFailures: config.login.perEmailFailures,
    windowMs: config.login.perEmailWindowMinutes * 60_000,
    maxDelayMs: (config.login.maxDelaySeconds ?? 5) * 1000,
  };
  app.decorate('loginThrottle', new LoginThrottle(counters, throttlePolicy));
  app.decorate('twoStepThrottle', new LoginThrottle(counters, throttlePolicy, 'two-step code'));
  const twoStepKey = await resolveTotpKey(config);
  app.decorate('twoStepKey', twoStepKey);
  const backups = new BackupService({
    database,
    dir: backupDirectory(config),
    everyHours: config.backup.everyHours,
    keep: config.backup.keep,
    passphrase: config.backup.passphrase,
    // Backups are signed under a key derived from the two-step key (backup/signature.ts).
    signingKey: twoStepKey ? backupSigningKey(twoStepKey) : undefined,
    inWorker: options.backupsInWorker,
    log: app.log,
  });
  if (backups.enabled && !twoStepKey) app.log.warn(backupMessages.unsigned);
  app.decorate('backups', backups);
  app.decorate('exportSlots', new ExportSlots(config.files.exportsPerUser));
  // The schedule starts once the server is ready and stops (waiting for a backup being taken)
  // before the database closes.
  if (options.scheduleBackups !== false) app.addHook('onReady', async () => backups.start());
  app.addHook('preClose', async () => backups.stop());
  if (options.foldRollups !== false) {
    let folder: ReturnType<typeof startRollupFolder> | undefined;
    app.addHook('onReady', async () => {
      folder = startRollupFolder(database.db, config.rollupFoldMs, app.log, {
        vacuumQueue: database.driver === 'pglite',
      });
    });
    app.addHook('preClose', async () => folder?.stop());
  }
  // PGlite has no autovacuum: its statistics are checked on a schedule; on both engines after
  // bulk writes (db/statistics.ts).
  const statistics = statisticsKeeper(
    database.db,
    database.driver === 'pglite' && options.statisticsSchedule !== false
      ? 1000 * config.statisticsCheckSeconds
      : 0,
    app.log,
  );
  app.decorate('statistics', statistics);
  app.addHook('onReady', async () => statistics.start());
  app.addHook('preClose', async () => statistics.stop());
  // A statement's batches stop (interrupted) before the database closes (bank/import-batches.ts).
  app.addHook('preClose', () => stopImports(database.db));
  // A failing canary is rolled back, a due one promoted, by whichever process looks first.
  const rolloutWatch = config.webRoot
    ? new RolloutWatch(database.db, config.webRoot, config.rollout, app.log)
    : undefined;
  app.decorate('rolloutWatch', rolloutWatch);
  if (rolloutWatch && options.watchRollout !== false) {
    app.addHook('onReady', async () =>
      rolloutWatch.start(1000 * (config.rollout?.checkSeconds ?? 30)),
    );
    app.addHook('preClose', async () => rolloutWatch.stop());
  }
  if (ownsDatabase) app.addHook('onClose', () => database.close());
  capConnections(app.server, config.http.maxConnections);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError)
      return reply.status(error.statusCode).send({ message: error.message });
    if (error.validation) return reply.status(400).send({ message: error.message });
    const code = pgCode(error);
    if (code === PG_UNIQUE_VIOLATION)
      return reply.status(409).send({ message: apiMessages.alreadyExists });
    if (code === PG_FOREIGN_KEY_VIOLATION) {
      return reply.status(409).send({ message: apiMessages.inUse });
    }
    if (code && PG_CONCURRENT_CHANGE.has(code)) {
      request.log.warn({ err: error }, 'transaction aborted by a concurrent one');
      return reply.status(409).send({ message: apiMessages.concurrentChange });
    }
    const status = error.statusCode ?? 500;
    // The static file server refuses `..`, doubled slashes and other aliases of a path with 403;
    // to a client such a path names no file.
    if (status === 403) return reply.status(404).send({ message: apiMessages.notFound });
    if (status === 413) return reply.status(413).send({ message: apiMessages.bodyTooLarge });
    if (status === 429) return reply.status(429).send({ message: apiMessages.tooManyAttempts });
    // A body of a type no parser takes: Fastify's text names the type; this one says what is.
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
      return reply.status(415).send({ message: apiMessages.unsupportedMediaType });
    if (status >= 400 && status < 500 && error.code?.startsWith('FST_')) {
      return reply.status(status).send({ message: error.message });
    }
    // Other client errors (the static file server's refusal of a null character in a path) keep
    // their status, with the status's own words rather than the thrower's.
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: STATUS_CODES[status] ?? 'Bad Request' });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: apiMessages.internalError });
  });

  await app.register(helmet, helmetSettings(config));
  await app.register(rateLimit, rateLimitSettings(counters));
  await app.register(swagger, swaggerSettings);
  await app.register(swaggerUi, swaggerUiSettings);

  // Before auth, so that the session bookkeeping auth does is stamped with the request's origin.
  await app.register(requestContextPlugin);
  await app.register(authPlugin, { db: database.db, session: config.session });

  await app.register(named(apiRoutes), {
    prefix: '/api',
    autoPostRecurring: options.autoPostRecurring !== false,
  });

  if (config.webRoot) {
    await app.register(webPlugin, webSettings(config, config.webRoot, database.db));
    // The contract this server runs, where `npm run deploy` compares a remote's build with it.
    const webRoot = config.webRoot;
    app.addHook('onReady', async () => {
      try {
        recordApiContract(webRoot);
      } catch (error) {
        app.log.warn({ err: error }, 'could not note the API contract in the web root');
      }
    });
  }

  await ensureFirstAdmin(app.db, config, app.log);
  await keyUnkeyedExpenseTypes(app.db);
  return app;
}
