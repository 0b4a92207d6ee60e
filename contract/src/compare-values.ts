// The values of compare.ts that the browser reads (`contract/browser`), apart from the schemas that
// compare.ts builds from them.

export const COMPARE_CHOICES = ['none', 'previous', 'lastYear'] as const;
