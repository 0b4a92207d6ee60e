// The calls of repeating entries (tag recurring).
import { IdParams, MessageResponse } from './common.js';
import {
  DueList,
  OccurrenceRef,
  OccurrencesPosted,
  PostOccurrencesBody,
  ScheduleAutoPostBody,
  ScheduleBody,
  ScheduleList,
  ScheduleMutation,
  ScheduleStateBody,
} from './recurring.js';
import { defineEndpoint as endpoint } from './endpoint.js';
import { apiMessages } from './messages.js';
import { recurringRoutes } from './recurring-routes.js';

export const recurringEndpoints = {
  listSchedules: endpoint({
    ...recurringRoutes.listSchedules,
    tag: 'recurring',
    summary: 'The schedules of repeating entries',
    responses: { 200: ScheduleList },
    errors: [],
  }),
  addSchedule: endpoint({
    ...recurringRoutes.addSchedule,
    tag: 'recurring',
    summary: 'Add a schedule of a repeating entry',
    body: ScheduleBody,
    responses: { 201: ScheduleMutation },
    errors: [404, 409],
  }),
  setScheduleState: endpoint({
    ...recurringRoutes.setScheduleState,
    tag: 'recurring',
    summary: 'Pause, resume or end a schedule (an ended schedule stays ended)',
    params: IdParams,
    body: ScheduleStateBody,
    responses: { 200: ScheduleMutation },
    errors: [404, 409],
  }),
  setScheduleAutoPost: endpoint({
    ...recurringRoutes.setScheduleAutoPost,
    tag: 'recurring',
    summary: 'Turn automatic posting of a schedule on or off (admins only)',
    adminsOnly: apiMessages.adminsOnlyAutoPost,
    params: IdParams,
    body: ScheduleAutoPostBody,
    responses: { 200: ScheduleMutation },
    errors: [404, 409],
  }),
  listDue: endpoint({
    ...recurringRoutes.listDue,
    tag: 'recurring',
    summary: 'Every occurrence of an active schedule up to today not yet posted or skipped',
    responses: { 200: DueList },
    errors: [],
  }),
  postOccurrences: endpoint({
    ...recurringRoutes.postOccurrences,
    tag: 'recurring',
    summary: 'Post due occurrences, each dated its own day, as one batch',
    description:
      'Each occurrence is posted once: one already posted or skipped (by another tab or server ' +
      'process) is left out. 409 when one lies in a closed period; nothing is posted then.',
    body: PostOccurrencesBody,
    responses: { 200: OccurrencesPosted, 201: OccurrencesPosted },
    errors: [404, 409],
  }),
  skipOccurrence: endpoint({
    ...recurringRoutes.skipOccurrence,
    tag: 'recurring',
    summary: 'Skip a due occurrence: it is never posted',
    body: OccurrenceRef,
    responses: { 200: MessageResponse },
    errors: [404, 409],
  }),
};
