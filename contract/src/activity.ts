// Activity (admins only): the audit log read newest first, filtered and paged by position, and
// the open sessions an admin can end. Any signed-in user can end their own other sessions.
import { Type, type Static } from '@sinclair/typebox';
import { Id, ListResponse, OptionalDate } from './common.js';
import { AuditAction, RecordKind } from './kinds.js';
import { NextCursor, pagingQuery } from './paging.js';
import { Person, Role, User } from './users.js';

/** The filters of the list and of its CSV export. */
const ActivityFilters = {
  /** The user who did it. */
  who: Type.Optional(Id),
  /** Kind of record: user, client, employee, expense_type, entry:income, session, ... */
  kind: Type.Optional(RecordKind),
  action: Type.Optional(AuditAction),
  from: OptionalDate,
  to: OptionalDate,
  /** The record's id (with `kind`, one record; alone, that id in any kind). */
  record: Type.Optional(Type.String({ pattern: '^[0-9]{1,19}$', maxLength: 19 })),
};

export const ActivityQuery = Type.Object({
  ...ActivityFilters,
  ...pagingQuery(200, 50),
  /** Deprecated for `after`: the id of the last row seen, as pages gave it before. */
  before: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 2147483647,
      deprecated: true,
      description:
        'Deprecated, accepted for one release: the id of the last row seen. Use `after` with ' +
        'the `next` of the previous page.',
    }),
  ),
});
export type ActivityQuery = Static<typeof ActivityQuery>;

/** The CSV export's filters: those of the list, without paging (it holds every row). Written
 * out rather than with TypeBox's Omit, which the browser's TypeBox (webpack/typebox.mjs) leaves out. */
export const ActivityCsvQuery = Type.Object(ActivityFilters);
export type ActivityCsvQuery = Static<typeof ActivityCsvQuery>;

/** A field of the record as it was before the change and after it (null: not there). */
export const FieldChange = Type.Object({
  field: Type.String(),
  before: Type.Unknown(),
  after: Type.Unknown(),
});
export type FieldChange = Static<typeof FieldChange>;

/** Who did it: a user, or a former user (`former`) who keeps their name on what they did. */
export const ActivityActor = Person;
export type ActivityActor = Static<typeof ActivityActor>;

export const ActivityRow = Type.Object({
  id: Type.Integer(),
  /** When, ISO 8601. */
  at: Type.String({ format: 'date-time' }),
  /** Who; null for a refused sign-in or start-up. */
  actor: Type.Union([ActivityActor, Type.Null()]),
  /** One of AUDIT_ACTIONS; typed as text so that a row written by another version still reads. */
  action: Type.String(),
  /** One of RECORD_KINDS (see `action`). */
  kind: Type.String(),
  recordId: Type.Union([Type.String(), Type.Null()]),
  changes: Type.Array(FieldChange),
  address: Type.String(),
  browser: Type.String(),
});
export type ActivityRow = Static<typeof ActivityRow>;

export const ActivityPage = Type.Object({
  users: Type.Array(ActivityRow),
  /** Pass as `after` for the following page; null on the last page. */
  next: NextCursor,
});
export type ActivityPage = Static<typeof ActivityPage>;

export const OpenSession = Type.Object({
  id: Id,
  userId: Id,
  name: Type.String(),
  email: Type.String(),
  role: Role,
  signedInAt: Type.String({ format: 'date-time' }),
  lastSeenAt: Type.String({ format: 'date-time' }),
  address: Type.String(),
  browser: Type.String(),
  /** The asker's own session. */
  current: Type.Boolean(),
});
export type OpenSession = Static<typeof OpenSession>;

export const SessionsQuery = Type.Object({ userId: Type.Optional(Id) });
export type SessionsQuery = Static<typeof SessionsQuery>;

export const SessionList = ListResponse(OpenSession);
export type SessionList = Static<typeof SessionList>;

export const SessionsEnded = Type.Object({ message: Type.String(), ended: Type.Integer() });
export type SessionsEnded = Static<typeof SessionsEnded>;

/** Who is signed in on this session (the shell shows admin-only links from it). */
export const CurrentUser = Type.Object({
  user: User,
  /** Present (true) when the admins require two-step sign-in and this admin has not set it up:
   * every call but their own account's is refused until they do. */
  twoStepSetupRequired: Type.Optional(Type.Literal(true)),
});
export type CurrentUser = Static<typeof CurrentUser>;
