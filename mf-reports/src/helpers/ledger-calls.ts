// The calls of the general ledger's statements (issue 40), named once: the trial balance, the
// balance sheet, profit and loss and one account's general ledger, each with its Excel and PDF.
import { endpoints } from 'shared-ui';

export const trialBalanceCalls = {
  report: endpoints.getTrialBalance,
  excel: endpoints.trialBalanceExcel,
  pdf: endpoints.trialBalancePdf,
};

export const balanceSheetCalls = {
  report: endpoints.getBalanceSheet,
  excel: endpoints.balanceSheetExcel,
  pdf: endpoints.balanceSheetPdf,
};

export const profitLossCalls = {
  report: endpoints.getProfitLoss,
  excel: endpoints.profitLossExcel,
  pdf: endpoints.profitLossPdf,
};

export const generalLedgerCalls = {
  accounts: endpoints.listLedgerAccounts,
  report: endpoints.getGeneralLedger,
  excel: endpoints.generalLedgerExcel,
  pdf: endpoints.generalLedgerPdf,
};
