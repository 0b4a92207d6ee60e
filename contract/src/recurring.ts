// Repeating entries: schedules that bring the same income, expense or salary entry around again,
// and their due occurrences, each posted or skipped once
// (docs/decisions/017-payroll-recurring.md).
import { Type, type Static } from '@sinclair/typebox';
import { Amount, CreditDebit, Id, IsoDate, Money, OptionalText } from './common.js';
import { EntryKind, literalUnion } from './kinds.js';
import { REPEATS, RECURRING_LIMITS } from './recurring-values.js';
export { REPEATS, RECURRING_LIMITS } from './recurring-values.js';

export const Repeats = literalUnion(REPEATS);
export type Repeats = Static<typeof Repeats>;

/** Active schedules have due occurrences; paused and ended ones have none. */
export const SCHEDULE_STATES = ['active', 'paused', 'ended'] as const;
export const ScheduleState = literalUnion(SCHEDULE_STATES);
export type ScheduleState = Static<typeof ScheduleState>;

export const Schedule = Type.Object({
  id: Id,
  kind: EntryKind,
  partyId: Id,
  partyName: Type.String(),
  creditDebit: CreditDebit,
  amount: Money,
  description: Type.String(),
  repeats: Repeats,
  starts: IsoDate,
  ends: Type.Union([IsoDate, Type.Null()]),
  state: ScheduleState,
  /** The running server posts its due occurrences itself (admins turn it on). */
  autoPost: Type.Boolean(),
  /** Occurrences posted so far. */
  posted: Type.Integer({ minimum: 0 }),
  /** The money account its entries move (issue 33); null: the default account at posting. */
  accountId: Type.Optional(Type.Union([Id, Type.Null()])),
});
export type Schedule = Static<typeof Schedule>;

export const ScheduleList = Type.Object({ schedules: Type.Array(Schedule) });
export type ScheduleList = Static<typeof ScheduleList>;

export const ScheduleBody = Type.Object(
  {
    kind: EntryKind,
    partyId: Id,
    creditDebit: CreditDebit,
    amount: Amount,
    description: OptionalText(500),
    repeats: Repeats,
    starts: IsoDate,
    ends: Type.Optional(Type.Union([IsoDate, Type.Null()])),
    /** The account its entries move (issue 33); the default when left out. */
    accountId: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export type ScheduleBody = Static<typeof ScheduleBody>;

export const ScheduleMutation = Type.Object({ message: Type.String(), schedule: Schedule });
export type ScheduleMutation = Static<typeof ScheduleMutation>;

export const ScheduleStateBody = Type.Object(
  { state: ScheduleState },
  { additionalProperties: false },
);
export type ScheduleStateBody = Static<typeof ScheduleStateBody>;

export const ScheduleAutoPostBody = Type.Object(
  { autoPost: Type.Boolean() },
  { additionalProperties: false },
);
export type ScheduleAutoPostBody = Static<typeof ScheduleAutoPostBody>;

/** One occurrence of a schedule: the schedule and its day. */
export const OccurrenceRef = Type.Object(
  { scheduleId: Id, date: IsoDate },
  { additionalProperties: false },
);
export type OccurrenceRef = Static<typeof OccurrenceRef>;

export const Occurrence = Type.Object({
  scheduleId: Id,
  date: IsoDate,
  kind: EntryKind,
  partyName: Type.String(),
  creditDebit: CreditDebit,
  amount: Money,
  description: Type.String(),
  /** On or before the day the books are closed through: shown, never postable. */
  closed: Type.Boolean(),
});
export type Occurrence = Static<typeof Occurrence>;

/** A schedule's occurrences in the closed period that were neither posted nor skipped. */
export const ClosedCount = Type.Object({ scheduleId: Id, count: Type.Integer({ minimum: 1 }) });
export type ClosedCount = Static<typeof ClosedCount>;

export const DueList = Type.Object({
  /**
   * Every open occurrence of every active schedule, and at most
   * RECURRING_LIMITS.closedListedPerSchedule closed ones per schedule (the latest).
   */
  occurrences: Type.Array(Occurrence),
  closedThrough: Type.Union([IsoDate, Type.Null()]),
  /** Per schedule with any: how many of its occurrences are in the closed period, listed or not. */
  closedCounts: Type.Optional(Type.Array(ClosedCount)),
});
export type DueList = Static<typeof DueList>;

export const PostOccurrencesBody = Type.Object(
  {
    occurrences: Type.Array(OccurrenceRef, {
      minItems: 1,
      maxItems: RECURRING_LIMITS.postedAtOnce,
    }),
  },
  { additionalProperties: false },
);
export type PostOccurrencesBody = Static<typeof PostOccurrencesBody>;

export const OccurrencesPosted = Type.Object({
  message: Type.String(),
  /** Occurrences posted now (one already posted or skipped is not posted again). */
  posted: Type.Integer({ minimum: 0 }),
  batchId: Type.Union([Id, Type.Null()]),
});
export type OccurrencesPosted = Static<typeof OccurrencesPosted>;
