// The browser's half of the calls of recurring-endpoints.ts (`Route`: method, path, access,
// topics, texts), which spreads each route into its schemas. No schema is built or imported here.
import { texts } from './endpoint-texts.js';
import { messages } from './messages.js';
import { defineRoute as route } from './endpoint.js';

export const recurringRoutes = {
  listSchedules: route({
    method: 'GET',
    path: '/recurring',
    reads: ['recurring'],
    access: 'signedIn',
    texts: texts(messages.failedLoadSchedules, messages.errorLoadingSchedules),
  }),
  addSchedule: route({
    method: 'POST',
    path: '/recurring',
    changes: ['recurring', 'activity'],
    access: 'signedIn',
    texts: texts(messages.failedAddSchedule, messages.errorAddingSchedule),
  }),
  setScheduleState: route({
    method: 'PUT',
    path: '/recurring/:id/state',
    changes: ['recurring', 'activity'],
    access: 'signedIn',
    texts: texts(messages.failedChangeSchedule, messages.errorChangingSchedule),
  }),
  setScheduleAutoPost: route({
    method: 'PUT',
    path: '/recurring/:id/auto-post',
    changes: ['recurring', 'activity'],
    access: 'admin',
    texts: texts(messages.failedChangeSchedule, messages.errorChangingSchedule),
  }),
  listDue: route({
    method: 'GET',
    path: '/recurring/due',
    reads: ['recurring'],
    access: 'signedIn',
    texts: texts(messages.failedLoadDue, messages.errorLoadingDue),
  }),
  postOccurrences: route({
    method: 'POST',
    path: '/recurring/post',
    changes: ['entries', 'recurring', 'batches', 'activity'],
    access: 'signedIn',
    texts: texts(messages.failedPostOccurrences, messages.errorPostingOccurrences),
  }),
  skipOccurrence: route({
    method: 'POST',
    path: '/recurring/skip',
    changes: ['recurring', 'activity'],
    access: 'signedIn',
    texts: texts(messages.failedSkipOccurrence, messages.errorSkippingOccurrence),
  }),
};
