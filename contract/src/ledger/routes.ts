// The browser's half of the calls of ledger/endpoints.ts (`Route`: method, path, access,
// topics, texts), which spreads each route into its schemas. No schema is built or imported here.
import { texts } from '../endpoint-texts.js';
import { PDF_MEDIA_TYPE, XLSX_MEDIA_TYPE } from '../exports-routes.js';
import { messages } from '../messages.js';
import { ledgerMessages as m } from './messages.js';
import { defineRoute as route } from '../endpoint.js';

export const CHART = texts(m.failedLoadChart, m.errorLoadingChart);
export const STATEMENT = texts(m.failedLoadStatement, m.errorLoadingStatement);
export const EXCEL = texts(messages.failedDownloadExcel, messages.errorDownloadingExcel);
export const PDF = texts(messages.failedDownloadPdf, messages.errorDownloadingPdf);
export const excel = (fileName: string) =>
  ({ mediaType: XLSX_MEDIA_TYPE, fileName: `${fileName}.xlsx` }) as const;
export const pdf = (fileName: string) =>
  ({ mediaType: PDF_MEDIA_TYPE, fileName: `${fileName}.pdf` }) as const;

export const ledgerRoutes = {
  listLedgerAccounts: route({
    method: 'GET',
    path: '/ledger/accounts',
    reads: ['ledger', 'entries', 'expense-types'],
    access: 'signedIn',
    texts: CHART,
  }),
  createLedgerAccount: route({
    method: 'POST',
    path: '/ledger/accounts',
    changes: ['ledger', 'activity'],
    access: 'admin',
    texts: texts(m.failedSaveAccount, m.errorSavingAccount),
  }),
  updateLedgerAccount: route({
    method: 'PUT',
    path: '/ledger/accounts/:id',
    changes: ['ledger', 'activity'],
    access: 'admin',
    texts: texts(m.failedSaveAccount, m.errorSavingAccount),
  }),
  getTrialBalance: route({
    method: 'GET',
    path: '/ledger/trial-balance',
    reads: ['ledger', 'entries'],
    access: 'signedIn',
    texts: STATEMENT,
  }),
  trialBalanceExcel: route({
    method: 'GET',
    path: '/ledger/trial-balance/excel',
    reads: ['ledger', 'entries'],
    access: 'signedIn',
    file: excel('trial-balance'),
    texts: EXCEL,
  }),
  trialBalancePdf: route({
    method: 'GET',
    path: '/ledger/trial-balance/pdf',
    reads: ['ledger', 'entries', 'settings'],
    access: 'signedIn',
    file: pdf('trial-balance'),
    texts: PDF,
  }),
  getBalanceSheet: route({
    method: 'GET',
    path: '/ledger/balance-sheet',
    reads: ['ledger', 'entries'],
    access: 'signedIn',
    texts: STATEMENT,
  }),
  balanceSheetExcel: route({
    method: 'GET',
    path: '/ledger/balance-sheet/excel',
    reads: ['ledger', 'entries'],
    access: 'signedIn',
    file: excel('balance-sheet'),
    texts: EXCEL,
  }),
  balanceSheetPdf: route({
    method: 'GET',
    path: '/ledger/balance-sheet/pdf',
    reads: ['ledger', 'entries', 'settings'],
    access: 'signedIn',
    file: pdf('balance-sheet'),
    texts: PDF,
  }),
  getProfitLoss: route({
    method: 'GET',
    path: '/ledger/profit-loss',
    reads: ['ledger', 'entries'],
    access: 'signedIn',
    texts: STATEMENT,
  }),
  profitLossExcel: route({
    method: 'GET',
    path: '/ledger/profit-loss/excel',
    reads: ['ledger', 'entries'],
    access: 'signedIn',
    file: excel('profit-and-loss'),
    texts: EXCEL,
  }),
  profitLossPdf: route({
    method: 'GET',
    path: '/ledger/profit-loss/pdf',
    reads: ['ledger', 'entries', 'settings'],
    access: 'signedIn',
    file: pdf('profit-and-loss'),
    texts: PDF,
  }),
  getGeneralLedger: route({
    method: 'GET',
    path: '/ledger/accounts/:id/lines',
    reads: ['ledger', 'entries'],
    access: 'signedIn',
    texts: texts(m.failedLoadGeneralLedger, m.errorLoadingGeneralLedger),
  }),
  generalLedgerExcel: route({
    method: 'GET',
    path: '/ledger/accounts/:id/lines/excel',
    reads: ['ledger', 'entries'],
    access: 'signedIn',
    file: excel('general-ledger'),
    texts: EXCEL,
  }),
  generalLedgerPdf: route({
    method: 'GET',
    path: '/ledger/accounts/:id/lines/pdf',
    reads: ['ledger', 'entries', 'settings'],
    access: 'signedIn',
    file: pdf('general-ledger'),
    texts: PDF,
  }),
  listVouchers: route({
    method: 'GET',
    path: '/ledger/vouchers',
    reads: ['entries'],
    access: 'signedIn',
    texts: texts(m.failedLoadVouchers, m.errorLoadingVouchers),
  }),
  createVoucher: route({
    method: 'POST',
    path: '/ledger/vouchers',
    changes: ['entries', 'activity'],
    access: 'admin',
    texts: texts(m.failedPostVoucher, m.errorPostingVoucher),
  }),
  reverseVoucher: route({
    method: 'POST',
    path: '/ledger/vouchers/:id/reverse',
    changes: ['entries', 'activity'],
    access: 'admin',
    texts: texts(m.failedPostVoucher, m.errorPostingVoucher),
  }),
};
