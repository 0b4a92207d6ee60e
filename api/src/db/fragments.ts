// SQL fragments the repositories share, written once: a timestamp as the ISO text the API answers
// with, and "who did it" (a `users` row joined to a record) as the columns that name a person.
import { sql, type RawBuilder } from 'kysely';

/**
 * A timestamptz column as ISO 8601 text in UTC with milliseconds, as Date.toISOString writes it.
 * `column` is a column reference written in the code (such as `b.created_at`), never input.
 */
export const isoText = (column: string): RawBuilder<string> =>
  sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * Who did it, from the `users` row joined as `alias`: `<prefix>_id`, `<prefix>_name`,
 * `<prefix>_email` and `<prefix>_former` (deleted since). Both names are written in the code.
 */
export const personColumns = (alias: string, prefix: string): RawBuilder<unknown> =>
  sql.raw(
    `${alias}.id AS ${prefix}_id, ${alias}.name AS ${prefix}_name, ` +
      `${alias}.email AS ${prefix}_email, ${alias}.deleted_at IS NOT NULL AS ${prefix}_former`,
  );

/** The person those columns name, or null when nobody (the server) did it. */
export const toPerson = (
  id: number | null,
  name: string | null,
  email: string | null,
  former: boolean | null,
) => (id === null ? null : { id, name: name ?? '', email: email ?? '', former: former === true });
