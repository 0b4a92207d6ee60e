// The catalogue's texts of releases (staged rollout of remotes) (docs/product.md#messages).
// Pure data: messages.ts assembles the catalogue from these, in its order.

export const releaseMessages = {
  // Settings -> Releases (issue 35).
  failedLoadReleases: 'Failed to load the releases',
  errorLoadingReleases: 'Error loading the releases',
  failedPromoteRelease: 'Failed to promote the canary',
  errorPromotingRelease: 'Error promoting the canary',
  failedRollBackRelease: 'Failed to roll back',
  errorRollingBackRelease: 'Error rolling back',
  releasePromoted: 'Canary promoted: everyone gets it now',
  releaseRolledBack: 'Rolled back',
  releasesTab: 'Releases',
  releaseServed: 'Served',
  releaseCanary: 'Canary',
  releaseNotDeployed: 'Not deployed: served from its own build',
  releaseNoCanary: 'No canary',
  releaseFilesMissing:
    'Files missing on the server: this version is not served and the remote shows as unavailable. Roll back or deploy again.',
  releaseVersion: 'Version',
  releaseBuiltAt: 'Built',
  releaseCommit: 'Commit',
  releaseBuiltAgainst: 'Built against',
  releaseShare: 'Share',
  releaseAutoPromote: 'Promoted by itself at',
  releaseLastHour: 'Last hour',
  releaseLastDay: 'Last day',
  releaseLoads: 'loads',
  releaseFailures: 'failures',
  releasePromote: 'Promote',
  releasePromoting: 'Promoting...',
  releaseRollBack: 'Roll back',
  releaseRollingBack: 'Rolling back...',
  releaseConfirmPromote: 'Serve the canary to everyone?',
  releaseConfirmRollBack: 'Roll back this remote?',
  /** Followed by ROLLOUT_MIN_USERS and `releaseUsers`. */
  releaseRollbackRule: 'A canary is rolled back by itself once it has at least',
  releaseUsers: 'users',
} as const;
