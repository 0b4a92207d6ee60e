// The shell's reports of how remote screens load, per remote and version, to
// POST /api/remote-health (docs/decisions/022-staged-rollout.md): each screen load that worked,
// each that failed (and at which stage), each render error the screen's boundary caught, each
// file refused for its bytes. The server judges a canary on them.
//
// Each event names the load it belongs to (`health.load` of the /remotes.json answer that gave
// the version): the server counts it only for what it served this user in that load, once.
//
// Reports never stand in the screen's way: events are gathered and sent a few seconds later in
// one batch (repeats folded into a count), in the background, with failures ignored. The server
// bounds a user's reports; an answer of 401, 403 (a read-only user) or 429 stops this tab
// sending for a while.
import { HEALTH_BATCH_MAX, type HealthEvent, type HealthReport } from 'contract/browser';
import { endpoints, getToken } from 'shared-ui';

/** How long events gather before they are sent. */
export const HEALTH_FLUSH_MS = 3000;
/** After a refusal (401, 403, 429), the tab waits this long before it reports again. */
const PAUSE_AFTER_REFUSAL_MS = 60_000;

type FailedStage = NonNullable<HealthReport['stage']>;

const pending = new Map<string, HealthReport>();
let timer: ReturnType<typeof setTimeout> | undefined;
let pausedUntil = 0;

const keyOf = (event: HealthReport) =>
  `${event.remote}\0${event.version}\0${event.load ?? ''}\0${event.event}\0${event.stage ?? ''}`;

/** Notes one event of what was served (version and load); it is sent with the next batch. */
export function reportHealth(
  remote: string,
  served: { version: string; load?: string },
  event: HealthEvent,
  stage?: FailedStage,
): void {
  if (Date.now() < pausedUntil || !getToken()) return;
  const report: HealthReport = {
    remote,
    version: served.version,
    event,
    ...(stage ? { stage } : {}),
    ...(served.load ? { load: served.load } : {}),
  };
  const key = keyOf(report);
  const known = pending.get(key);
  if (known) known.count = Math.min(HEALTH_BATCH_MAX, (known.count ?? 1) + 1);
  else if (pending.size < HEALTH_BATCH_MAX) pending.set(key, report);
  timer ??= setTimeout(() => void flushHealth(), HEALTH_FLUSH_MS);
}

/** Sends what was gathered (also when the page is hidden or left); never throws. */
export async function flushHealth(): Promise<void> {
  if (timer) clearTimeout(timer);
  timer = undefined;
  const token = getToken();
  if (pending.size === 0 || !token) return;
  const events = [...pending.values()];
  pending.clear();
  try {
    const response = await fetch(`/api${endpoints.reportRemoteHealth.path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ events }),
      // Still sent when the tab is being closed.
      keepalive: true,
    });
    if ([401, 403, 429].includes(response.status))
      pausedUntil = Date.now() + PAUSE_AFTER_REFUSAL_MS;
  } catch {
    // Offline or the server away: these counts are lost, the screen is not affected.
  }
}

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => void flushHealth());
}
