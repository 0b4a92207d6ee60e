// The Users screen's action for a user who lost their phone: turn their two-step sign-in off.
// Shown on the rows of users who have it on, to admins only: the list of those users is an
// admins-only call, so anyone else gets no list and sees no action (the server refuses them
// the action anyway).
import { createContext, useCallback, useContext, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import type { User } from 'contract';
import { Button, call, confirm, endpoints, errorMessage, messages, notify } from 'shared-ui';

interface TwoStepUsers {
  ids: ReadonlySet<number>;
  reload: () => Promise<void>;
}

const TwoStepUsersContext = createContext<TwoStepUsers>({
  ids: new Set(),
  reload: async () => undefined,
});

/** Reads once which users have two-step sign-in on, for the rows below it. */
export function TwoStepUsersProvider({ children }: { children: ReactNode }) {
  const [ids, setIds] = useState<ReadonlySet<number>>(new Set());
  const reload = useCallback(async () => {
    try {
      setIds(new Set((await call(endpoints.listTwoStepUsers)).userIds));
    } catch {
      // Not an admin (403), or the list could not be read: no row offers the action.
      setIds(new Set());
    }
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);
  return (
    <TwoStepUsersContext.Provider value={{ ids, reload }}>{children}</TwoStepUsersContext.Provider>
  );
}

export function TwoStepAction({ row }: { row: User }) {
  const { ids, reload } = useContext(TwoStepUsersContext);
  const [busy, setBusy] = useState(false);
  if (!ids.has(row.id)) return null;

  const turnOff = async () => {
    if (!confirm(messages.confirmTurnOffUserTwoStep)) return;
    setBusy(true);
    try {
      const answer = await call(endpoints.turnOffUserTwoStep, { params: { id: row.id } });
      notify(answer.message);
      await reload();
    } catch (error) {
      notify(errorMessage(error, endpoints.turnOffUserTwoStep.texts.error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button variant="secondary" busy={busy} onClick={() => void turnOff()}>
      {messages.turnOffUserTwoStep}
    </Button>
  );
}
