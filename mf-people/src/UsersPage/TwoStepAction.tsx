// The Users screen's action for a user who lost their phone: turn their two-step sign-in off.
// Shown on the rows of users who have it on, to admins only: the list of those users is an
// admins-only call, so anyone else gets no list and sees no action (the server refuses them
// the action anyway).
import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import type { User } from 'contract/browser';
import { Button, confirm, endpoints, messages, useApiQuery, useApiWrite } from 'shared-ui';

const NOBODY: ReadonlySet<number> = new Set();
const TwoStepUsersContext = createContext<ReadonlySet<number>>(NOBODY);
const idsOf = (answer: { userIds: number[] }): ReadonlySet<number> => new Set(answer.userIds);

/** Reads once for the whole list which users have two-step sign-in on, for the rows below it. */
export function TwoStepUsersProvider({ children }: { children: ReactNode }) {
  // Not an admin (403), or the list could not be read: no row offers the action.
  const { data } = useApiQuery(endpoints.listTwoStepUsers, undefined, {
    onError: 'quiet',
    select: idsOf,
  });
  return (
    <TwoStepUsersContext.Provider value={data ?? NOBODY}>{children}</TwoStepUsersContext.Provider>
  );
}

export function TwoStepAction({ row }: { row: User }) {
  const ids = useContext(TwoStepUsersContext);
  // Refreshes the list of users with two-step sign-in on once it succeeded.
  const turnOffFor = useApiWrite(endpoints.turnOffUserTwoStep, {
    success: (answer) => answer.message,
  });
  if (!ids.has(row.id)) return null;

  const turnOff = async () => {
    if (!confirm(messages.confirmTurnOffUserTwoStep)) return;
    await turnOffFor.run({ params: { id: row.id } });
  };

  return (
    <Button variant="secondary" busy={turnOffFor.isPending} onClick={() => void turnOff()}>
      {messages.turnOffUserTwoStep}
    </Button>
  );
}
