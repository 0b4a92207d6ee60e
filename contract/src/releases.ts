// Shipping a remote to a few first (docs/decisions/022-staged-rollout.md): the shell's reports of
// how each remote's screens load, per version, and the Releases tab of Settings (admins only):
// the served version and any canary of each remote, their health, Promote and Roll back.
import { Type, type Static } from '@sinclair/typebox';
import { defineEndpoint as endpoint } from './endpoint.js';
import { apiMessages, messages } from './messages.js';

/** What the shell reports of one screen load: it loaded, it failed (at a stage), it threw while
 * rendering, or a file was refused for its bytes. */
export const HEALTH_EVENTS = ['loaded', 'failed', 'render_error', 'integrity_refused'] as const;
export type HealthEvent = (typeof HEALTH_EVENTS)[number];

/** Events in one report, at most; the shell sends what it gathered every few seconds. */
export const HEALTH_BATCH_MAX = 50;

/** A remote's federation name, as /remotes.json lists it. */
const RemoteNameText = Type.String({ pattern: '^[a-z][a-z0-9-]{0,31}$', examples: ['reports'] });
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
  /** Events counted (a remote or version the server does not serve is left out). */
  counted: Type.Integer(),
});
export type RemoteHealthAccepted = Static<typeof RemoteHealthAccepted>;

/** Loads and failures of one version over a period. */
export const HealthFigures = Type.Object({
  loads: Type.Integer(),
  /** Failed loads, render errors and integrity refusals together. */
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
  /** ROLLOUT_MIN_LOADS and ROLLOUT_MAX_EXTRA_FAILURE_PCT: when a canary is rolled back by itself. */
  rollback: Type.Object({ minLoads: Type.Integer(), maxExtraFailurePct: Type.Number() }),
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
    method: 'POST',
    path: '/remote-health',
    tag: 'releases',
    summary: "The shell's counts of remote screen loads, failures and refusals, per version",
    description:
      `At most ${HEALTH_BATCH_MAX} events a report; a session may send a few reports a minute ` +
      '(429 beyond). Counted per remote, version and minute; an event for a remote or version ' +
      'the server does not serve is not counted.',
    access: 'signedIn',
    body: RemoteHealthBody,
    responses: { 200: RemoteHealthAccepted },
    errors: [429],
    texts: { failure: messages.somethingWentWrong, error: messages.somethingWentWrong },
  }),
  listReleases: endpoint({
    method: 'GET',
    path: '/releases',
    tag: 'releases',
    summary:
      'Each remote: the served version and any canary, with their loads and failures (admins only)',
    access: 'admin',
    adminsOnly: apiMessages.adminsOnlyReleases,
    responses: { 200: ReleaseList },
    errors: [],
    texts: { failure: messages.failedLoadReleases, error: messages.errorLoadingReleases },
  }),
  promoteRelease: endpoint({
    method: 'POST',
    path: '/releases/:remote/promote',
    tag: 'releases',
    summary: "Serve a remote's canary to everyone, as `npm run deploy -- --promote` (admins only)",
    description: '409 when the remote has no canary. Recorded in the activity.',
    access: 'admin',
    adminsOnly: apiMessages.adminsOnlyReleases,
    params: ReleaseParams,
    responses: { 200: ReleaseChanged },
    errors: [404, 409],
    texts: { failure: messages.failedPromoteRelease, error: messages.errorPromotingRelease },
  }),
  rollBackRelease: endpoint({
    method: 'POST',
    path: '/releases/:remote/rollback',
    tag: 'releases',
    summary:
      "End a remote's canary, or serve its previous version again, as `npm run deploy -- --rollback` (admins only)",
    description: '409 when there is nothing to roll back to. Recorded in the activity.',
    access: 'admin',
    adminsOnly: apiMessages.adminsOnlyReleases,
    params: ReleaseParams,
    responses: { 200: ReleaseChanged },
    errors: [404, 409],
    texts: { failure: messages.failedRollBackRelease, error: messages.errorRollingBackRelease },
  }),
};
