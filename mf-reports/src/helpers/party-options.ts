// A ledger picker's choices: the parties shared-ui lists, as select options.
import type { Party } from 'shared-ui';

export interface PartyOption {
  value: string;
  label: string;
}

export async function partyOptions(parties: Promise<Party[]>): Promise<PartyOption[]> {
  return (await parties).map(({ id, name }) => ({ value: String(id), label: name }));
}
