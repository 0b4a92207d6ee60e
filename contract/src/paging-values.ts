// The values of paging.ts that the browser reads (`contract/browser`), apart from the schemas that
// paging.ts builds from them.

/** The pattern of a cursor: URL-safe text, so it goes into an address as it is. */
export const PAGE_CURSOR_PATTERN = '^[A-Za-z0-9_-]{1,100}$';
