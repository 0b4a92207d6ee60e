// A payslip: one employee's salary entries of one month as an A4 PDF on the company letterhead
// (issue 23, item 4; docs/decisions/017-payroll-recurring.md).
import { Type, type Static } from '@sinclair/typebox';
import { Id } from './common.js';
import { defineEndpoint as endpoint } from './endpoint.js';
import { PdfBytes } from './exports.js';
import { Month } from './payroll.js';
import { payslipRoutes } from './payslip-routes.js';

export const PayslipQuery = Type.Object(
  { employeeId: Id, month: Month },
  { additionalProperties: false },
);
export type PayslipQuery = Static<typeof PayslipQuery>;

// Beside the catalogue's texts, which a browser bundle takes without this module's schemas.
export { payslipFileName } from './payslip-messages.js';

export const payslipEndpoints = {
  payslipPdf: endpoint({
    ...payslipRoutes.payslipPdf,
    tag: 'payroll',
    summary: "An employee's payslip for a month as an A4 PDF on the company's letterhead",
    description:
      'The employee (name, number, e-mail), the month, every salary entry dated in it (payroll ' +
      'runs and the Salary form alike; reversals shown with their negative amount and netted), ' +
      'the total paid, the monthly salary on file, who generated it and when. `month` is YYYY-MM. ' +
      '404 for an unknown employee.',
    query: PayslipQuery,
    responses: { 200: PdfBytes },
    errors: [404, 429],
  }),
};
