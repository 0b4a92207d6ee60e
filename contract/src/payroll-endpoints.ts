// The calls of payroll runs (tag payroll).
import { texts } from './endpoint-texts.js';
import { PayrollPosted, PayrollQuery, PayrollSheet, PostPayrollBody } from './payroll.js';
import { defineEndpoint as endpoint } from './endpoint.js';
import { messages } from './messages.js';

export const payrollEndpoints = {
  getPayroll: endpoint({
    method: 'GET',
    path: '/payroll',
    reads: ['entries', 'employees'],
    tag: 'payroll',
    summary: "A month's payroll sheet: every employee, their salary and what they were paid",
    description: '`month` is YYYY-MM; this month when left out.',
    access: 'signedIn',
    query: PayrollQuery,
    responses: { 200: PayrollSheet },
    errors: [],
    texts: texts(messages.failedLoadPayroll, messages.errorLoadingPayroll),
  }),
  postPayroll: endpoint({
    method: 'POST',
    path: '/payroll',
    changes: ['entries', 'batches', 'activity'],
    tag: 'payroll',
    summary: 'Post a payroll run: one salary entry per line, as one batch, in one transaction',
    description:
      'Each employee is paid once per month by payroll runs: lines for employees already paid ' +
      'are left out (listed in `alreadyPaid`), whichever process or tab posted first. Dated the ' +
      "month's last day, or today in the current month. 409 when the books are closed for that day.",
    access: 'signedIn',
    body: PostPayrollBody,
    responses: { 200: PayrollPosted, 201: PayrollPosted },
    errors: [404, 409],
    texts: texts(messages.failedPostPayroll, messages.errorPostingPayroll),
  }),
};
