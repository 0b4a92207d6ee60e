// The calls of payroll runs (tag payroll).
import { PayrollPosted, PayrollQuery, PayrollSheet, PostPayrollBody } from './payroll.js';
import { defineEndpoint as endpoint } from './endpoint.js';
import { payrollRoutes } from './payroll-routes.js';

export const payrollEndpoints = {
  getPayroll: endpoint({
    ...payrollRoutes.getPayroll,
    tag: 'payroll',
    summary: "A month's payroll sheet: every employee, their salary and what they were paid",
    description: '`month` is YYYY-MM; this month when left out.',
    query: PayrollQuery,
    responses: { 200: PayrollSheet },
    errors: [],
  }),
  postPayroll: endpoint({
    ...payrollRoutes.postPayroll,
    tag: 'payroll',
    summary: 'Post a payroll run: one salary entry per line, as one batch, in one transaction',
    description:
      'Each employee is paid once per month by payroll runs: lines for employees already paid ' +
      'are left out (listed in `alreadyPaid`), whichever process or tab posted first. Dated the ' +
      "month's last day, or today in the current month. 409 when the books are closed for that day.",
    body: PostPayrollBody,
    responses: { 200: PayrollPosted, 201: PayrollPosted },
    errors: [404, 409],
  }),
};
