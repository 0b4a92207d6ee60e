// One paging style for every list read a page at a time (the journal, the activity, the paged
// ledgers): the answer carries `next`, an opaque cursor (null on the last page), and the
// following page is asked for with that cursor as the one query parameter `after`.
// docs/decisions/018-paging.md.
import { Type } from '@sinclair/typebox';
import { PAGE_CURSOR_PATTERN } from './paging-values.js';
export { PAGE_CURSOR_PATTERN } from './paging-values.js';

/**
 * A position in a paged list, as the server wrote it in a page's `next`. Opaque: a client passes
 * it back unchanged and never builds one. For one release `after` also takes the positions of
 * before (`YYYY-MM-DD_id`, from a journal or ledger row); that form is deprecated.
 */
export const PageCursor = Type.String({
  pattern: PAGE_CURSOR_PATTERN,
  maxLength: 100,
  description:
    'Opaque paging position: the `next` of the previous page. (Deprecated, accepted for one ' +
    'release on the journal and the ledgers: a position written as `YYYY-MM-DD_id`.)',
});

/** A page's `next`: pass it as `after` for the following page; null on the last page. */
export const NextCursor = Type.Union([PageCursor, Type.Null()], {
  description: 'Pass as `after` for the following page; null on the last page',
});

/** The query parameters of a paged list: how many rows at most, and where to go on from. */
export const pagingQuery = (maximum: number, defaultLimit?: number) => ({
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum,
      ...(defaultLimit === undefined ? {} : { default: defaultLimit }),
    }),
  ),
  after: Type.Optional(PageCursor),
});
