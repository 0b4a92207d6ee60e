// Shipping a remote to a few first (docs/decisions/022-staged-rollout.md): the shell's reports of
// how each remote's screens load, per version, and the Releases tab of Settings (admins only):
// the served version and any canary of each remote, their health, Promote and Roll back.
import { Type, type Static } from '@sinclair/typebox';
import { defineEndpoint as endpoint } from './endpoint.js';
import { apiMessages } from './messages.js';
import { releaseRoutes } from './releases-routes.js';
import { HEALTH_BATCH_MAX } from './release-values.js';
export { HEALTH_BATCH_MAX } from './release-values.js';

/** What the shell reports of one screen load: it loaded, it failed (at a stage), it threw while
 * rendering, or a file was refused for its bytes. */
export const HEALTH_EVENTS = ['loaded', 'failed', 'render_error', 'integrity_refused'] as const;
export type HealthEvent = (typeof HEALTH_EVENTS)[number];

/** A remote's federation name, as /remotes.json lists it. */
const RemoteNameText = Type.String({ pattern: '^[a-z][a-z0-9-]{0,31}$', examples: ['reports'] });
/**
 * A load: one answer of /remotes.json to a signed-in user, named by the server (a UUID). A
 * report counts only for the versions that answer gave that user, once per load and remote.
 */
export const LoadId = Type.String({
  pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$',
  examples: ['6f1c2a9e-3b7d-4e25-9a51-0c8d7e6f5a41'],
});

/** A deployed version (12 hex digits), or `unversioned` for a remote served from its build. */
const VersionText = Type.String({
  pattern: '^([0-9a-f]{12}|unversioned)$',
  examples: ['0123456789ab'],
});

export const HealthReport = Type.Object(
  {
    remote: RemoteNameText,
    version: VersionText,
    event: Type.Union(HEALTH_EVENTS.map((name) => Type.Literal(name))),
    /** The failed stage (manifest, entry, chunk, integrity), for `failed`. */
    stage: Type.Optional(
      Type.Union(['manifest', 'entry', 'chunk', 'integrity'].map((name) => Type.Literal(name))),
    ),
    /** How many such events this line stands for (a tab folds repeats). */
    count: Type.Optional(Type.Integer({ minimum: 1, maximum: HEALTH_BATCH_MAX })),
    /**
     * The load (`load` of /remotes.json) the version came with. A line without one, or naming a
     * load that did not serve this user that version, is not counted.
     */
    load: Type.Optional(LoadId),
  },
  { additionalProperties: false },
);
export type HealthReport = Static<typeof HealthReport>;

export const RemoteHealthBody = Type.Object(
  { events: Type.Array(HealthReport, { minItems: 1, maxItems: HEALTH_BATCH_MAX }) },
  { additionalProperties: false },
);
export type RemoteHealthBody = Static<typeof RemoteHealthBody>;

export const RemoteHealthAccepted = Type.Object({
  /**
   * Loads counted: a line counts only for a load that served this user its version, and each
   * load counts once per remote (its worst outcome); anything else is left out.
   */
  counted: Type.Integer(),
});
export type RemoteHealthAccepted = Static<typeof RemoteHealthAccepted>;

/** Loads and failures of one version over a period (a load: a page load that reported it). */
export const HealthFigures = Type.Object({
  loads: Type.Integer(),
  /** Loads that failed: failed loads, render errors and integrity refusals together. */
  failures: Type.Integer(),
  failedLoads: Type.Integer(),
  renderErrors: Type.Integer(),
  integrityRefusals: Type.Integer(),
});
export type HealthFigures = Static<typeof HealthFigures>;

const releaseVersionFields = {
  version: Type.String(),
  /** When the build finished (ISO 8601). */
  builtAt: Type.String(),
  /** Source commit of the build, `-dirty` with uncommitted changes, `unknown` from --from. */
  commit: Type.String(),
  /** The shared-ui and contract versions the build records (empty when it records none). */
  builtAgainst: Type.Object({}, { additionalProperties: Type.String() }),
  /**
   * True when the version's files are gone from the server: it is not served (a served one makes
   * the remote show as unavailable; a canary's users get the served version).
   */
  filesMissing: Type.Boolean(),
  lastHour: HealthFigures,
  lastDay: HealthFigures,
};
export const ReleaseVersion = Type.Object(releaseVersionFields);
export type ReleaseVersion = Static<typeof ReleaseVersion>;

export const RemoteRelease = Type.Object({
  remote: Type.String(),
  /** Human name of the remote. */
  title: Type.String(),
  /** The version everyone gets (but a canary's share), null when the remote was never deployed. */
  served: Type.Union([ReleaseVersion, Type.Null()]),
  canary: Type.Union([
    Type.Object({
      ...releaseVersionFields,
      /** Per cent of signed-in users. */
      share: Type.Integer(),
      startedAt: Type.String(),
      /** When it is served to everyone by itself unless rolled back first. */
      autoPromoteAt: Type.Union([Type.String(), Type.Null()]),
    }),
    Type.Null(),
  ]),
});
export type RemoteRelease = Static<typeof RemoteRelease>;

export const ReleaseList = Type.Object({
  releases: Type.Array(RemoteRelease),
  /**
   * ROLLOUT_MIN_USERS and ROLLOUT_MAX_EXTRA_FAILURE_PCT: when a canary is rolled back by itself
   * (judged over distinct users, and never on one user's failures alone).
   */
  rollback: Type.Object({ minUsers: Type.Integer(), maxExtraFailurePct: Type.Number() }),
});
export type ReleaseList = Static<typeof ReleaseList>;

export const ReleaseParams = Type.Object(
  { remote: RemoteNameText },
  { additionalProperties: false },
);
export type ReleaseParams = Static<typeof ReleaseParams>;

export const ReleaseChanged = Type.Object({
  message: Type.String(),
  /** The version now served to everyone. */
  served: Type.String(),
});
export type ReleaseChanged = Static<typeof ReleaseChanged>;

export const releaseEndpoints = {
  reportRemoteHealth: endpoint({
    ...releaseRoutes.reportRemoteHealth,
    tag: 'releases',
    summary: "The shell's counts of remote screen loads, failures and refusals, per version",
    description:
      `At most ${HEALTH_BATCH_MAX} events a report; a user may send a few reports a minute, ` +
      'whatever their sessions (429 beyond). An event counts only when its `load` is one ' +
      "/remotes.json answered this user with that remote's version, once per load and remote " +
      '(the worst outcome reported); anything else is left out of `counted` (still 200).',
    body: RemoteHealthBody,
    responses: { 200: RemoteHealthAccepted },
    errors: [429],
  }),
  listReleases: endpoint({
    ...releaseRoutes.listReleases,
    tag: 'releases',
    summary:
      'Each remote: the served version and any canary, with their loads and failures (admins only)',
    adminsOnly: apiMessages.adminsOnlyReleases,
    responses: { 200: ReleaseList },
    errors: [],
  }),
  promoteRelease: endpoint({
    ...releaseRoutes.promoteRelease,
    tag: 'releases',
    summary: "Serve a remote's canary to everyone, as `npm run deploy -- --promote` (admins only)",
    description: '409 when the remote has no canary. Recorded in the activity.',
    adminsOnly: apiMessages.adminsOnlyReleases,
    params: ReleaseParams,
    responses: { 200: ReleaseChanged },
    errors: [404, 409],
  }),
  rollBackRelease: endpoint({
    ...releaseRoutes.rollBackRelease,
    tag: 'releases',
    summary:
      "End a remote's canary, or serve its previous version again, as `npm run deploy -- --rollback` (admins only)",
    description: '409 when there is nothing to roll back to. Recorded in the activity.',
    adminsOnly: apiMessages.adminsOnlyReleases,
    params: ReleaseParams,
    responses: { 200: ReleaseChanged },
    errors: [404, 409],
  }),
};
