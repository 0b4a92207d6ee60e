// The calls of the entry forms (spec §7), driven by an EntryKind so that one pair of functions
// serves income, expenses and salaries alike.
import type { EntryMutation } from 'contract';
import { api } from 'shared-ui';
import type { EntryInput, EntryKind, Party } from './entry-kinds';

/** The picker's parties; records the kind leaves out (e.g. suspended types) are dropped. */
export async function fetchParties<R>(kind: EntryKind<R>): Promise<Party[]> {
  const list = await api.get<{ users?: unknown } | undefined>(
    kind.parties.path,
    kind.parties.messages,
  );
  const records = Array.isArray(list?.users) ? (list.users as R[]) : [];
  return records.flatMap((record) => kind.parties.toParty(record) ?? []);
}

/**
 * Records one entry. The server answers a repeated `Idempotency-Key` with the entry it already
 * recorded, so a retry after a lost response cannot record the money twice.
 */
export function recordEntry<R>(
  kind: EntryKind<R>,
  entry: EntryInput,
  idempotencyKey: string,
): Promise<EntryMutation> {
  return api.post<EntryMutation>(kind.post.path, kind.post.toBody(entry), kind.post.messages, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}
