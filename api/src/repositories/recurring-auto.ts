// The server's own posting of repeating entries (docs/decisions/017-payroll-recurring.md): the
// due occurrences of the schedules with automatic posting on, through the same claims as a
// user's post (recurring.ts).
import type { OccurrenceRef } from 'contract';
import type { Db } from '../db/index.js';
import { dueOccurrences, postOccurrences } from './recurring.js';

/**
 * The server's own posting: every due occurrence of the schedules with automatic posting on,
 * outside the closed period, as one batch per schedule by the server (no user), so that one
 * schedule that cannot post (its expense type suspended) never holds the others back. Safe in
 * every process at once: the claims decide who posts each occurrence. `onRefused` hears each
 * schedule that could not post; without it the first such failure is thrown at the end.
 */
export async function postDueAutomatically(
  db: Db,
  today: string,
  onRefused?: (scheduleId: number, error: unknown) => void,
): Promise<number> {
  const { occurrences } = await dueOccurrences(db, today, { autoPostOnly: true });
  const bySchedule = new Map<number, OccurrenceRef[]>();
  for (const { scheduleId, date, closed } of occurrences) {
    if (closed) continue;
    const refs = bySchedule.get(scheduleId) ?? [];
    refs.push({ scheduleId, date });
    bySchedule.set(scheduleId, refs);
  }
  let posted = 0;
  let firstFailure: { error: unknown } | undefined;
  for (const [scheduleId, refs] of bySchedule) {
    try {
      posted += (await postOccurrences(db, null, refs, today)).posted;
    } catch (error) {
      if (onRefused) onRefused(scheduleId, error);
      else firstFailure ??= { error };
    }
  }
  // Without a listener, a failure is thrown once every other schedule has had its turn.
  if (firstFailure) throw firstFailure.error;
  return posted;
}
