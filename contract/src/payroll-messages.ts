// The catalogue's texts of payroll runs and repeating entries (docs/product.md#messages).
// Pure data: messages.ts assembles the catalogue from these, in its order.

export const payrollMessages = {
  // Payroll runs and repeating entries (issue 23).
  failedLoadPayroll: 'Failed to load the payroll',
  errorLoadingPayroll: 'Error loading the payroll',
  failedPostPayroll: 'Failed to post the payroll',
  errorPostingPayroll: 'Error posting the payroll',
  payrollNothingTicked: 'Tick at least one employee to pay',
  payrollClosed: 'The books are closed for this month: its payroll cannot be posted',
  failedLoadSchedules: 'Failed to load the schedules',
  errorLoadingSchedules: 'Error loading the schedules',
  failedAddSchedule: 'Failed to add the schedule',
  errorAddingSchedule: 'Error adding the schedule',
  failedChangeSchedule: 'Failed to change the schedule',
  errorChangingSchedule: 'Error changing the schedule',
  failedLoadDue: 'Failed to load the due entries',
  errorLoadingDue: 'Error loading the due entries',
  failedPostOccurrences: 'Failed to post',
  errorPostingOccurrences: 'Error posting',
  failedSkipOccurrence: 'Failed to skip',
  errorSkippingOccurrence: 'Error skipping',
  scheduleAdded: 'Schedule added',
  scheduleChanged: 'Schedule changed',
  /** Followed by how many. */
  occurrencesPosted: 'Entries posted:',
  occurrenceSkipped: 'Occurrence skipped',
  nothingDue: 'Nothing is due.',
  occurrenceClosed: 'Closed period',
  /** Followed by how many; the Due list shows only the latest few of each schedule. */
  closedOccurrencesCount: 'Occurrences in the closed period, never posted:',
  /** The actor of what the running server did by itself (automatic posting). */
  theServer: 'the server',
} as const;

/** "Payroll posted: N salaries, RS: X", with the total already written as money. */
export const payrollPostedText = (count: number, totalText: string): string =>
  `Payroll posted: ${count} salaries, RS: ${totalText}`;
