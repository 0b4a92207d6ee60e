// The values of releases.ts that the browser reads (`contract/browser`), apart from the schemas that
// releases.ts builds from them.

/** Events in one report, at most; the shell sends what it gathered every few seconds. */
export const HEALTH_BATCH_MAX = 50;
