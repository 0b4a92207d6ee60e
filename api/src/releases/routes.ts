// /api/remote-health (any signed-in user but a viewer: the shell's counts of remote screen loads)
// and /api/releases (admins only: the Releases tab of Settings, with Promote and Roll back doing
// what `npm run deploy -- --promote / --rollback` do, recorded in the activity).
// docs/decisions/022-staged-rollout.md
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import {
  REMOTES,
  apiMessages,
  endpoints,
  messages,
  type HealthFigures,
  type ReleaseVersion,
  type RemoteRelease,
} from 'contract';
import { audit } from '../lib/audit.js';
import { HttpError, badRequest, conflict, notFound } from '../lib/errors.js';
import { currentUser } from '../plugins/auth.js';
import { RateCounters } from '../repositories/rate-counters.js';
import { DEFAULT_ROLLOUT } from '../config.js';
import { DeployError, promote, rollback, withDeployLock } from './deploy.js';
import {
  readDeployState,
  remoteDir,
  versionDir,
  versionFilesMissing,
  writeDeployState,
  type DeployedVersion,
  type DeployState,
} from './deploy-state.js';
import { healthSince, recordOutcomes } from './remote-loads.js';
import { route } from '../routes/route.js';

/**
 * Health reports a user may send in a minute, all their sessions and tabs together (the shell
 * sends one every few seconds at most); a new sign-in gives no new allowance.
 */
export const HEALTH_REPORTS_PER_MINUTE = 12;

const HOUR_MS = 3_600_000;

/** What a version's manifest records it was built against (metaData.buildInfo.builtAgainst). */
function builtAgainst(webRoot: string, remote: string, version: string): Record<string, string> {
  try {
    const manifest = JSON.parse(
      readFileSync(path.join(versionDir(webRoot, remote, version), 'mf-manifest.json'), 'utf8'),
    ) as { metaData?: { buildInfo?: { builtAgainst?: Record<string, unknown> } } };
    const recorded = manifest.metaData?.buildInfo?.builtAgainst ?? {};
    return Object.fromEntries(
      Object.entries(recorded).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
  } catch {
    return {};
  }
}

export const releaseRoutes: FastifyPluginAsync = async (app) => {
  const counters = new RateCounters(app.db);
  const webRoot = app.config.webRoot;
  const settings = app.config.rollout ?? DEFAULT_ROLLOUT;

  route(app, endpoints.reportRemoteHealth, async (request) => {
    const user = currentUser(request);
    const known = new Set(REMOTES.map((remote) => remote.name));
    const unknown = request.body.events.find((event) => !known.has(event.remote));
    if (unknown) throw badRequest(`${apiMessages.remoteNotKnown}: ${unknown.remote}`);
    const { hits } = await counters.hit(`remote-health:user:${user.id}`, 60_000);
    if (hits > HEALTH_REPORTS_PER_MINUTE)
      throw new HttpError(429, apiMessages.tooManyHealthReports);
    // Only what /remotes.json served this user counts, once per load. A line that does not is
    // left out and the report still answered 200 with what counted: a tab open across a promote,
    // a prune or a restart sends such lines in good faith, and a refusal would only stop its
    // later, good reports (the shell pauses after a 4xx) while a forged line gains nothing.
    const counted = await recordOutcomes(app.db, user.id, request.body.events);
    // A report that may tip a canary over is judged at once rather than at the next tick.
    if (counted > 0) void app.rolloutWatch?.check().catch(() => undefined);
    return { counted };
  });

  async function describe(
    remote: string,
    entry: DeployedVersion,
    now: number,
  ): Promise<ReleaseVersion> {
    const figures = async (since: number): Promise<HealthFigures> => {
      const { loads, failures, failedLoads, renderErrors, integrityRefusals } = await healthSince(
        app.db,
        remote,
        entry.version,
        new Date(since),
      );
      return { loads, failures, failedLoads, renderErrors, integrityRefusals };
    };
    const [lastHour, lastDay] = await Promise.all([
      figures(now - HOUR_MS),
      figures(now - 24 * HOUR_MS),
    ]);
    return {
      version: entry.version,
      builtAt: entry.builtAt,
      commit: entry.commit,
      builtAgainst: webRoot ? builtAgainst(webRoot, remote, entry.version) : {},
      filesMissing: webRoot ? versionFilesMissing(webRoot, remote, entry.version) : false,
      lastHour,
      lastDay,
    };
  }

  route(app, endpoints.listReleases, async () => {
    const now = Date.now();
    const releases: RemoteRelease[] = [];
    for (const remote of REMOTES) {
      const state: DeployState | undefined = webRoot
        ? readDeployState(webRoot, remote.name)
        : undefined;
      const served = state?.versions.find((entry) => entry.version === state.current);
      const canaryEntry = state?.canary
        ? state.versions.find((entry) => entry.version === state.canary!.version)
        : undefined;
      releases.push({
        remote: remote.name,
        title: remote.title,
        served: served ? await describe(remote.name, served, now) : null,
        canary:
          state?.canary && canaryEntry
            ? {
                ...(await describe(remote.name, canaryEntry, now)),
                share: state.canary.share,
                startedAt: state.canary.startedAt,
                autoPromoteAt: state.canary.autoPromoteAt ?? null,
              }
            : null,
      });
    }
    return { releases, rollback: settings };
  });

  /**
   * Runs a promote or a rollback of `remote` under the deploy lock and records it in the
   * activity in one step: when the activity line cannot be written, state.json is put back as it
   * was, so nothing changes unrecorded.
   */
  async function change(
    remote: string,
    actorId: number,
    action: 'rollout_promoted' | 'rollout_rolled_back',
    work: (root: string) => { served: string; before: object },
  ): Promise<string> {
    if (!REMOTES.some((known) => known.name === remote)) throw notFound(apiMessages.remoteNotKnown);
    if (!webRoot) throw conflict(apiMessages.releasesOff);
    if (!readDeployState(webRoot, remote)) throw conflict(apiMessages.remoteNotDeployed);
    try {
      return await withDeployLock(webRoot, remote, async () => {
        const earlier = readDeployState(webRoot, remote)!;
        const { served, before } = work(webRoot);
        try {
          await audit(app.db, {
            actorId,
            action,
            entity: 'release',
            entityId: remoteDir(remote),
            before,
            after: { served },
          });
        } catch (error) {
          writeDeployState(webRoot, remote, earlier);
          throw error;
        }
        return served;
      });
    } catch (error) {
      if (error instanceof DeployError) {
        throw conflict(
          /another deploy/.test(error.message) ? apiMessages.deployRunning : error.message,
        );
      }
      throw error;
    }
  }

  const promoteWork = (remote: string) => (root: string) => {
    const state = readDeployState(root, remote);
    if (!state?.canary) throw conflict(apiMessages.noCanary);
    const { from, to } = promote(root, remote);
    return { served: to, before: { served: from, canary: to, share: state.canary.share } };
  };
  const rollbackWork = (remote: string) => (root: string) => {
    const state = readDeployState(root, remote);
    let outcome: { from: string; to: string; canary?: boolean };
    try {
      outcome = rollback(root, remote);
    } catch (error) {
      if (error instanceof DeployError) throw conflict(apiMessages.nothingToRollBack);
      throw error;
    }
    return {
      served: outcome.to,
      before: outcome.canary
        ? { served: outcome.to, canary: outcome.from, share: state?.canary?.share }
        : { served: outcome.from },
    };
  };

  route(app, endpoints.promoteRelease, async (request) => {
    const { remote } = request.params;
    const served = await change(
      remote,
      currentUser(request).id,
      'rollout_promoted',
      promoteWork(remote),
    );
    return { message: messages.releasePromoted, served };
  });

  route(app, endpoints.rollBackRelease, async (request) => {
    const { remote } = request.params;
    const served = await change(
      remote,
      currentUser(request).id,
      'rollout_rolled_back',
      rollbackWork(remote),
    );
    return { message: messages.releaseRolledBack, served };
  });
};
