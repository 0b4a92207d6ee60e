// The calls of the month-end screens, named once: budget vs actual, receivables aging and the
// month-end checklist with its close and its pack.
import { endpoints } from 'shared-ui';

export const budgetCalls = {
  report: endpoints.getBudgetReport,
  excel: endpoints.budgetReportExcel,
  pdf: endpoints.budgetReportPdf,
};

export const receivablesCalls = {
  report: endpoints.getReceivables,
  excel: endpoints.receivablesExcel,
  pdf: endpoints.receivablesPdf,
};

export const monthEndCalls = {
  checklist: endpoints.getMonthEnd,
  close: endpoints.closeMonth,
  packPdf: endpoints.monthEndPackPdf,
  packExcel: endpoints.monthEndPackExcel,
};
