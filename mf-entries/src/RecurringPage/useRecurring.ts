// The data of the /Recurring screen: the schedules, the due occurrences, and the writes (add a
// schedule, pause/resume/end it, turn automatic posting on or off, post, skip, post all due).
// Every write refreshes what it changes through shared-ui's `invalidates`.
import {
  RECURRING_LIMITS,
  type OccurrenceRef,
  type ScheduleBody,
  type ScheduleState,
} from 'contract';
import {
  endpoints,
  errorMessage,
  messages,
  notify,
  useApiMutation,
  useApiQuery,
  useCurrentUser,
} from 'shared-ui';

/** Runs a write, alerts its outcome; resolves true when it succeeded. */
async function attempt<T>(
  write: () => Promise<T>,
  success: (answer: T) => string,
  errorText: string,
): Promise<boolean> {
  try {
    notify(success(await write()));
    return true;
  } catch (error) {
    notify(errorMessage(error, errorText));
    return false;
  }
}

export function useRecurring() {
  const schedules = useApiQuery(endpoints.listSchedules, undefined, { refetchOnMount: 'always' });
  const due = useApiQuery(endpoints.listDue, undefined, { refetchOnMount: 'always' });
  const { user } = useCurrentUser();
  const add = useApiMutation(endpoints.addSchedule);
  const state = useApiMutation(endpoints.setScheduleState);
  const autoPost = useApiMutation(endpoints.setScheduleAutoPost);
  const post = useApiMutation(endpoints.postOccurrences);
  const skip = useApiMutation(endpoints.skipOccurrence);

  const postAll = (occurrences: OccurrenceRef[]) =>
    attempt(
      () => post.mutateAsync({ body: { occurrences } }),
      (answer) => answer.message,
      endpoints.postOccurrences.texts.error,
    );

  const openDue = (due.data?.occurrences ?? []).filter((occurrence) => !occurrence.closed);

  return {
    schedules: schedules.data?.schedules ?? [],
    schedulesLoading: schedules.isPending,
    due: due.data?.occurrences ?? [],
    /** How many occurrences of all schedules lie in the closed period (only a few are listed). */
    closedCount: (due.data?.closedCounts ?? []).reduce((sum, { count }) => sum + count, 0),
    dueLoading: due.isPending,
    isAdmin: user?.role === 'admin',
    busy: post.isPending || skip.isPending,
    adding: add.isPending,
    addSchedule: (body: ScheduleBody) =>
      attempt(
        () => add.mutateAsync({ body }),
        (answer) => answer.message,
        endpoints.addSchedule.texts.error,
      ),
    setState: (id: number, next: ScheduleState) =>
      attempt(
        () => state.mutateAsync({ params: { id }, body: { state: next } }),
        (answer) => answer.message,
        endpoints.setScheduleState.texts.error,
      ),
    setAutoPost: (id: number, on: boolean) =>
      attempt(
        () => autoPost.mutateAsync({ params: { id }, body: { autoPost: on } }),
        (answer) => answer.message,
        endpoints.setScheduleAutoPost.texts.error,
      ),
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
    skip: (occurrence: OccurrenceRef) =>
      attempt(
        () => skip.mutateAsync({ body: occurrence }),
        (answer) => answer.message,
        endpoints.skipOccurrence.texts.error,
      ),
  };
}

export type Recurring = ReturnType<typeof useRecurring>;
