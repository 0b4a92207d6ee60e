// The values of recurring.ts that the browser reads (`contract/browser`), apart from the schemas that
// recurring.ts builds from them.

/** How often a schedule comes around. */
export const REPEATS = ['weekly', 'monthly', 'quarterly', 'yearly'] as const;

/**
 * Limits of repeating entries. A schedule is refused when its start brings more than
 * `maxPastOccurrences` occurrences up to today (a weekly one started about eight years ago; the
 * message states the figure). The due list shows at most `closedListedPerSchedule` occurrences of
 * a schedule that fall in the closed period (the latest ones) and counts all of them. One post
 * takes at most `postedAtOnce` occurrences.
 */
export const RECURRING_LIMITS = {
  maxPastOccurrences: 400,
  closedListedPerSchedule: 3,
  postedAtOnce: 1000,
} as const;
