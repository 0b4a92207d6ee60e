// The browser's half of the calls of payroll-endpoints.ts (`Route`: method, path, access,
// topics, texts), which spreads each route into its schemas. No schema is built or imported here.
import { texts } from './endpoint-texts.js';
import { messages } from './messages.js';
import { defineRoute as route } from './endpoint.js';

export const payrollRoutes = {
  getPayroll: route({
    method: 'GET',
    path: '/payroll',
    reads: ['entries', 'employees'],
    access: 'signedIn',
    texts: texts(messages.failedLoadPayroll, messages.errorLoadingPayroll),
  }),
  postPayroll: route({
    method: 'POST',
    path: '/payroll',
    changes: ['entries', 'batches', 'activity'],
    access: 'signedIn',
    texts: texts(messages.failedPostPayroll, messages.errorPostingPayroll),
  }),
};
