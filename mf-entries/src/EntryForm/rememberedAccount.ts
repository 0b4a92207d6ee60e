// The money account an entry form last used, remembered in this browser per user, per screen and
// per party (an expense type, a client, an employee): Rent paid from the bank stays on the bank,
// Fuel paid in cash on Cash, and another user of the same browser keeps their own choices.
// Empty means the default account.

const keyOf = (userId: number, screen: string, partyId: string) =>
  `office-finance:entry-account:${userId}:${screen}:${partyId}`;

/** The account last used for this party on this screen by this user; undefined if none. */
export function rememberedAccount(
  userId: number | undefined,
  screen: string,
  partyId: string,
): string | undefined {
  if (userId === undefined || partyId === '') return undefined;
  try {
    return window.localStorage.getItem(keyOf(userId, screen, partyId)) ?? undefined;
  } catch {
    // Storage refused (private mode, a full quota): nothing is remembered.
    return undefined;
  }
}

/** Remembers the account used for this party on this screen by this user. */
export function rememberAccount(
  userId: number | undefined,
  screen: string,
  partyId: string,
  accountId: string,
): void {
  if (userId === undefined || partyId === '') return;
  try {
    window.localStorage.setItem(keyOf(userId, screen, partyId), accountId);
  } catch {
    // Storage refused: the choice is simply not remembered.
  }
}
