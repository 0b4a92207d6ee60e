// The catalogue's texts of payslips (docs/product.md#messages).
// Pure data: messages.ts assembles the catalogue from these, in its order.

export const payslipMessages = {
  // Payslips (issue 23, item 4): the Payroll screen's button and what the PDF says.
  payslip: 'Payslip',
  failedDownloadPayslip: 'Failed to download the payslip',
  errorDownloadingPayslip: 'Error downloading the payslip',
  payslipTitle: 'Payslip',
  payslipEmployee: 'Employee',
  payslipNumber: 'Number',
  payslipEmail: 'E-mail',
  payslipMonth: 'Month',
  payslipMonthlySalary: 'Monthly salary on file',
  payslipNoMonthlySalary: 'none',
  payslipTotalPaid: 'Total paid',
  payslipNoEntries: 'No salary paid in this month',
  payslipByPayroll: 'Payroll run',
  payslipByImport: 'Import',
  payslipByRecurring: 'Repeating entry',
  payslipByForm: 'Salary form',
  /** Followed by the reversed entry's number: "Reversal of #12". */
  payslipReversalOf: 'Reversal of',
  /** Followed by the reversal's number: "reversed by #13". */
  payslipReversedBy: 'reversed by',
} as const;

/** `payslip-2026-11-7.pdf`: the month and the employee's id (the name may not suit a file). */
export const payslipFileName = (month: string, employeeId: number): string =>
  `payslip-${month}-${employeeId}.pdf`;
