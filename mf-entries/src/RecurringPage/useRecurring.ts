// The data of the /Recurring screen: the schedules, the due occurrences, and the writes (add a
// schedule, pause/resume/end it, turn automatic posting on or off, post, skip, post all due).
// Every write refreshes what it changes through the contract's topics.
import {
  RECURRING_LIMITS,
  type OccurrenceRef,
  type ScheduleBody,
  type ScheduleState,
} from 'contract/browser';
import { endpoints, messages, notify, useApiQuery, useApiWrite, useIsAdmin } from 'shared-ui';

/** Every write of the screen says the server's answer. */
const SAID = { success: (answer: { message: string }) => answer.message };

export function useRecurring() {
  const schedules = useApiQuery(endpoints.listSchedules, undefined, { refetchOnMount: 'always' });
  const due = useApiQuery(endpoints.listDue, undefined, { refetchOnMount: 'always' });
  const isAdmin = useIsAdmin();
  const add = useApiWrite(endpoints.addSchedule, SAID);
  const state = useApiWrite(endpoints.setScheduleState, SAID);
  const autoPost = useApiWrite(endpoints.setScheduleAutoPost, SAID);
  const post = useApiWrite(endpoints.postOccurrences, SAID);
  const skip = useApiWrite(endpoints.skipOccurrence, SAID);
  /** Resolves true when the write succeeded. */
  const ok = async (outcome: Promise<{ ok: boolean }>) => (await outcome).ok;

  const postAll = (occurrences: OccurrenceRef[]) => ok(post.run({ body: { occurrences } }));

  const openDue = (due.data?.occurrences ?? []).filter((occurrence) => !occurrence.closed);

  return {
    schedules: schedules.data?.schedules ?? [],
    schedulesLoading: schedules.isPending,
    due: due.data?.occurrences ?? [],
    /** How many occurrences of all schedules lie in the closed period (only a few are listed). */
    closedCount: (due.data?.closedCounts ?? []).reduce((sum, { count }) => sum + count, 0),
    dueLoading: due.isPending,
    isAdmin,
    busy: post.isPending || skip.isPending,
    adding: add.isPending,
    addSchedule: (body: ScheduleBody) => ok(add.run({ body })),
    setState: (id: number, next: ScheduleState) =>
      ok(state.run({ params: { id }, body: { state: next } })),
    setAutoPost: (id: number, on: boolean) =>
      ok(autoPost.run({ params: { id }, body: { autoPost: on } })),
    post: (occurrence: OccurrenceRef) => postAll([occurrence]),
    postAllDue: () =>
      openDue.length === 0
        ? Promise.resolve(notify(messages.nothingDue))
        : // The oldest that one post takes; what is left stays due for the next press.
          postAll(
            openDue
              .slice(0, RECURRING_LIMITS.postedAtOnce)
              .map(({ scheduleId, date }) => ({ scheduleId, date })),
          ),
    skip: (occurrence: OccurrenceRef) => ok(skip.run({ body: occurrence })),
  };
}

export type Recurring = ReturnType<typeof useRecurring>;
