// The calls of the general ledger (issue 40): the chart of accounts, vouchers, and the trial
// balance, balance sheet, profit and loss and general ledger, each with its Excel and PDF.
import { IdParams } from '../common.js';
import { defineEndpoint as endpoint } from '../endpoint.js';
import { PdfBytes, XlsxBytes } from '../exports.js';
import { ledgerMessages as m } from './messages.js';
import {
  BalanceSheet,
  DateQuery,
  GeneralLedgerPage,
  GeneralLedgerQuery,
  LedgerPeriodQuery,
  LedgerAccountBody,
  LedgerAccountList,
  LedgerAccountMutation,
  ProfitLoss,
  ProfitLossQuery,
  TrialBalance,
  VoucherBody,
  VoucherList,
  VoucherListQuery,
  VoucherMutation,
  VoucherReverseBody,
} from './schemas.js';
import { ledgerRoutes } from './routes.js';

export const ledgerEndpoints = {
  listLedgerAccounts: endpoint({
    ...ledgerRoutes.listLedgerAccounts,
    tag: 'ledger',
    summary: 'The chart of accounts, each account with its balance today',
    responses: { 200: LedgerAccountList },
    errors: [],
  }),
  createLedgerAccount: endpoint({
    ...ledgerRoutes.createLedgerAccount,
    tag: 'ledger',
    summary: 'Add a ledger account (admins only)',
    adminsOnly: m.adminsOnlyChart,
    body: LedgerAccountBody,
    responses: { 201: LedgerAccountMutation },
    errors: [404, 409],
  }),
  updateLedgerAccount: endpoint({
    ...ledgerRoutes.updateLedgerAccount,
    tag: 'ledger',
    summary:
      'Change, close or reopen a ledger account (admins only); one with postings is never deleted',
    adminsOnly: m.adminsOnlyChart,
    params: IdParams,
    body: LedgerAccountBody,
    responses: { 200: LedgerAccountMutation },
    errors: [404, 409],
  }),
  getTrialBalance: endpoint({
    ...ledgerRoutes.getTrialBalance,
    tag: 'ledger',
    summary: "Every account's debit or credit balance at a day",
    query: DateQuery,
    responses: { 200: TrialBalance },
    errors: [],
  }),
  trialBalanceExcel: endpoint({
    ...ledgerRoutes.trialBalanceExcel,
    tag: 'ledger',
    summary: "Every account's debit or credit balance at a day, as an Excel file",
    query: DateQuery,
    responses: { 200: XlsxBytes },
    errors: [],
  }),
  trialBalancePdf: endpoint({
    ...ledgerRoutes.trialBalancePdf,
    tag: 'ledger',
    summary: "Every account's debit or credit balance at a day, as a PDF",
    query: DateQuery,
    responses: { 200: PdfBytes },
    errors: [],
  }),
  getBalanceSheet: endpoint({
    ...ledgerRoutes.getBalanceSheet,
    tag: 'ledger',
    summary: 'Assets, liabilities and equity at a day',
    query: DateQuery,
    responses: { 200: BalanceSheet },
    errors: [],
  }),
  balanceSheetExcel: endpoint({
    ...ledgerRoutes.balanceSheetExcel,
    tag: 'ledger',
    summary: 'Assets, liabilities and equity at a day, as an Excel file',
    query: DateQuery,
    responses: { 200: XlsxBytes },
    errors: [],
  }),
  balanceSheetPdf: endpoint({
    ...ledgerRoutes.balanceSheetPdf,
    tag: 'ledger',
    summary: 'Assets, liabilities and equity at a day, as a PDF',
    query: DateQuery,
    responses: { 200: PdfBytes },
    errors: [],
  }),
  getProfitLoss: endpoint({
    ...ledgerRoutes.getProfitLoss,
    tag: 'ledger',
    summary: 'Income and expenses by account for a period, on the accrual or the cash basis',
    query: ProfitLossQuery,
    responses: { 200: ProfitLoss },
    errors: [],
  }),
  profitLossExcel: endpoint({
    ...ledgerRoutes.profitLossExcel,
    tag: 'ledger',
    summary:
      'Income and expenses by account for a period, on the accrual or the cash basis, as an Excel file',
    query: ProfitLossQuery,
    responses: { 200: XlsxBytes },
    errors: [],
  }),
  profitLossPdf: endpoint({
    ...ledgerRoutes.profitLossPdf,
    tag: 'ledger',
    summary:
      'Income and expenses by account for a period, on the accrual or the cash basis, as a PDF',
    query: ProfitLossQuery,
    responses: { 200: PdfBytes },
    errors: [],
  }),
  getGeneralLedger: endpoint({
    ...ledgerRoutes.getGeneralLedger,
    tag: 'ledger',
    summary:
      "One account's lines for a period with its opening and closing balance, a page at a time",
    params: IdParams,
    query: GeneralLedgerQuery,
    responses: { 200: GeneralLedgerPage },
    errors: [404],
  }),
  generalLedgerExcel: endpoint({
    ...ledgerRoutes.generalLedgerExcel,
    tag: 'ledger',
    summary:
      "One account's lines for a whole period with its opening, running and closing balance, as an Excel file",
    params: IdParams,
    query: LedgerPeriodQuery,
    responses: { 200: XlsxBytes },
    errors: [404],
  }),
  generalLedgerPdf: endpoint({
    ...ledgerRoutes.generalLedgerPdf,
    tag: 'ledger',
    summary:
      "One account's lines for a whole period with its opening, running and closing balance, as a PDF",
    params: IdParams,
    query: LedgerPeriodQuery,
    responses: { 200: PdfBytes },
    errors: [404],
  }),
  listVouchers: endpoint({
    ...ledgerRoutes.listVouchers,
    tag: 'ledger',
    summary: 'Vouchers, newest first, a page at a time',
    query: VoucherListQuery,
    responses: { 200: VoucherList },
    errors: [],
  }),
  createVoucher: endpoint({
    ...ledgerRoutes.createVoucher,
    tag: 'ledger',
    summary: 'Post a voucher: a dated journal entry of two or more balanced lines (admins only)',
    description:
      'Each line has a debit or a credit. Refused unless debits equal credits (the message names ' +
      'the difference), in the closed period, or to a closed account.',
    adminsOnly: m.adminsOnlyVouchers,
    body: VoucherBody,
    responses: { 201: VoucherMutation },
    errors: [404, 409],
  }),
  reverseVoucher: endpoint({
    ...ledgerRoutes.reverseVoucher,
    tag: 'ledger',
    summary: 'Reverse a voucher with a reason (a mirrored voucher; never edited) (admins only)',
    adminsOnly: m.adminsOnlyVouchers,
    params: IdParams,
    body: VoucherReverseBody,
    responses: { 201: VoucherMutation },
    errors: [404, 409],
  }),
};
