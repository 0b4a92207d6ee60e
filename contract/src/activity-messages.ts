// The catalogue's texts of the activity log and sessions (docs/product.md#messages).
// Pure data: messages.ts assembles the catalogue from these, in its order.

export const activityMessages = {
  // Activity and sessions (not in the spec: the second release's screen)
  activityTitle: 'Activity',
  sessionsTitle: 'Open sessions',
  errorFetchingActivity: 'Error fetching activity',
  failedFetchActivity: 'Failed to fetch activity',
  errorFetchingSessions: 'Error fetching sessions',
  failedFetchSessions: 'Failed to fetch sessions',
  failedEndSession: 'Failed to end the session',
  errorEndingSession: 'Error ending the session',
  confirmEndSession: 'End this session? Its user will have to sign in again.',
  confirmEndUserSessions: "End all of this user's sessions? They will have to sign in again.",
  signOutEverywhereElse: 'Sign out everywhere else',
  confirmSignOutEverywhereElse: 'Sign out of every other browser and device?',
  failedSignOutEverywhereElse: 'Failed to sign out the other sessions',
  errorSignOutEverywhereElse: 'Error signing out the other sessions',
  failedDownload: 'Failed to download',
  errorDownloading: 'Error downloading',
} as const;
