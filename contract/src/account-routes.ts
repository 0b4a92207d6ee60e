// The browser's half of the calls of account-endpoints.ts (`Route`: method, path, access,
// topics, texts), which spreads each route into its schemas. No schema is built or imported here.
import { accountMessages as m } from './account-messages.js';
import { texts } from './endpoint-texts.js';
import { PDF_MEDIA_TYPE, XLSX_MEDIA_TYPE } from './exports-routes.js';
import { messages } from './messages.js';
import { defineRoute as route } from './endpoint.js';

export const ACCOUNTS = texts(m.failedLoadAccounts, m.errorLoadingAccounts);
export const SAVE_ACCOUNT = texts(m.failedSaveAccount, m.errorSavingAccount);
export const MATCH = texts(m.failedMatch, m.errorMatching);

export const accountRoutes = {
  listAccounts: route({
    method: 'GET',
    path: '/accounts',
    reads: ['accounts', 'entries'],
    access: 'signedIn',
    texts: ACCOUNTS,
  }),
  createAccount: route({
    method: 'POST',
    path: '/accounts',
    changes: ['accounts', 'ledger', 'activity'],
    access: 'admin',
    texts: SAVE_ACCOUNT,
  }),
  updateAccount: route({
    method: 'PUT',
    path: '/accounts/:id',
    changes: ['accounts', 'ledger', 'activity'],
    access: 'admin',
    texts: SAVE_ACCOUNT,
  }),
  createTransfer: route({
    method: 'POST',
    path: '/accounts/transfers',
    changes: ['accounts', 'ledger', 'activity'],
    access: 'signedIn',
    texts: texts(m.failedSaveTransfer, m.errorSavingTransfer),
  }),
  reverseTransfer: route({
    method: 'POST',
    path: '/accounts/transfers/:id/reverse',
    changes: ['accounts', 'ledger', 'activity'],
    access: 'signedIn',
    texts: texts(m.failedSaveTransfer, m.errorSavingTransfer),
  }),
  getRegister: route({
    method: 'GET',
    path: '/accounts/:id/register',
    reads: ['accounts', 'bank-lines', 'entries'],
    access: 'signedIn',
    texts: texts(m.failedLoadRegister, m.errorLoadingRegister),
  }),
  previewStatement: route({
    method: 'POST',
    path: '/accounts/:id/statements/preview',
    changes: [],
    access: 'signedIn',
    texts: texts(m.failedPreviewStatement, m.errorPreviewingStatement),
  }),
  importStatement: route({
    method: 'POST',
    path: '/accounts/:id/statements',
    changes: ['bank-lines', 'activity'],
    access: 'signedIn',
    texts: texts(m.failedImportStatement, m.errorImportingStatement),
  }),
  listStatements: route({
    method: 'GET',
    path: '/accounts/:id/statements',
    reads: ['bank-lines'],
    access: 'signedIn',
    texts: ACCOUNTS,
  }),
  undoStatement: route({
    method: 'POST',
    path: '/accounts/:id/statements/:importId/undo',
    changes: ['bank-lines', 'activity'],
    access: 'signedIn',
    texts: texts(m.failedImportStatement, m.errorImportingStatement),
  }),
  getReconcile: route({
    method: 'GET',
    path: '/accounts/:id/reconcile',
    reads: ['accounts', 'bank-lines', 'bank-rules', 'entries'],
    access: 'signedIn',
    texts: texts(m.failedLoadReconcile, m.errorLoadingReconcile),
  }),
  searchOpenItems: route({
    method: 'GET',
    path: '/accounts/:id/open-items',
    reads: ['accounts', 'bank-lines', 'entries'],
    access: 'signedIn',
    texts: texts(m.failedLoadReconcile, m.errorLoadingReconcile),
  }),
  matchLine: route({
    method: 'POST',
    path: '/accounts/:id/matches',
    changes: ['bank-lines', 'activity'],
    access: 'signedIn',
    texts: MATCH,
  }),
  acceptSuggested: route({
    method: 'POST',
    path: '/accounts/:id/matches/accept-suggested',
    changes: ['bank-lines', 'activity'],
    access: 'signedIn',
    texts: MATCH,
  }),
  unmatchLine: route({
    method: 'DELETE',
    path: '/accounts/:id/matches/:lineId',
    changes: ['bank-lines', 'activity'],
    access: 'signedIn',
    texts: MATCH,
  }),
  createLineEntry: route({
    method: 'POST',
    path: '/accounts/:id/lines/:lineId/entry',
    changes: ['entries', 'bank-lines', 'activity'],
    access: 'signedIn',
    texts: MATCH,
  }),
  excludeLine: route({
    method: 'POST',
    path: '/accounts/:id/lines/:lineId/exclude',
    changes: ['bank-lines', 'activity'],
    access: 'signedIn',
    texts: MATCH,
  }),
  undoExclude: route({
    method: 'DELETE',
    path: '/accounts/:id/lines/:lineId/exclude',
    changes: ['bank-lines', 'activity'],
    access: 'signedIn',
    texts: MATCH,
  }),
  markReconciled: route({
    method: 'POST',
    path: '/accounts/:id/reconciled',
    changes: ['accounts', 'ledger', 'activity'],
    access: 'signedIn',
    texts: texts(m.failedReconcile, m.errorReconciling),
  }),
  reconciliationPdf: route({
    method: 'GET',
    path: '/accounts/:id/reconciliation/pdf',
    reads: ['accounts', 'bank-lines', 'entries', 'settings'],
    access: 'signedIn',
    file: { mediaType: PDF_MEDIA_TYPE, fileName: 'bank-reconciliation.pdf' },
    texts: texts(messages.failedDownloadPdf, messages.errorDownloadingPdf),
  }),
  reconciliationExcel: route({
    method: 'GET',
    path: '/accounts/:id/reconciliation/excel',
    reads: ['accounts', 'bank-lines', 'entries'],
    access: 'signedIn',
    file: { mediaType: XLSX_MEDIA_TYPE, fileName: 'bank-reconciliation.xlsx' },
    texts: texts(messages.failedDownloadExcel, messages.errorDownloadingExcel),
  }),
};
