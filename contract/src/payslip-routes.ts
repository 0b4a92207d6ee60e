// The browser's half of the calls of payslip.ts (`Route`: method, path, access,
// topics, texts), which spreads each route into its schemas. No schema is built or imported here.
import { PDF_MEDIA_TYPE } from './exports-routes.js';
import { messages } from './messages.js';
import { defineRoute as route } from './endpoint.js';

export const payslipRoutes = {
  payslipPdf: route({
    method: 'GET',
    path: '/payroll/payslip',
    reads: ['entries', 'employees', 'settings'],
    access: 'signedIn',
    file: { mediaType: PDF_MEDIA_TYPE, fileName: 'payslip.pdf' },
    texts: { failure: messages.failedDownloadPayslip, error: messages.errorDownloadingPayslip },
  }),
};
