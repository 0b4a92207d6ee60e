// Entry batches: the entries an import, a payroll run or the due occurrences of repeating entries
// wrote in one step, listed and undone in one step (docs/decisions/013-entry-batches.md).
import { Type, type Static } from '@sinclair/typebox';
import { Id, Money, Text } from './common.js';
import { BatchKind } from './kinds.js';
import { NextCursor, pagingQuery } from './paging.js';
import { Person } from './users.js';

export const Batch = Type.Object({
  id: Id,
  kind: BatchKind,
  label: Type.String(),
  /** Who wrote it; null when the server posted it itself. */
  createdBy: Type.Union([Person, Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
  /** Entries written by the batch (their reversals not counted). */
  entries: Type.Integer({ minimum: 0 }),
  credit: Money,
  debit: Money,
  reversedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  reversedBy: Type.Union([Person, Type.Null()]),
  reverseReason: Type.Union([Type.String(), Type.Null()]),
});
export type Batch = Static<typeof Batch>;

export const BatchListQuery = Type.Object(
  {
    kind: Type.Optional(BatchKind),
    ...pagingQuery(200, 50),
  },
  { additionalProperties: false },
);
export type BatchListQuery = Static<typeof BatchListQuery>;

export const BatchList = Type.Object({ batches: Type.Array(Batch), next: NextCursor });
export type BatchList = Static<typeof BatchList>;

export const ReverseBatchBody = Type.Object({ reason: Text(500) }, { additionalProperties: false });
export type ReverseBatchBody = Static<typeof ReverseBatchBody>;

export const BatchReversed = Type.Object({
  message: Type.String(),
  batch: Batch,
  /** Reversals written: one per entry of the batch. */
  reversed: Type.Integer({ minimum: 0 }),
});
export type BatchReversed = Static<typeof BatchReversed>;
