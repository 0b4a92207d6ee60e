// The data of the /Account screen: who is signed in and the state of their two-step sign-in,
// read once and read again after a change.
import { useCallback, useEffect, useState } from 'react';
import { call, endpoints, errorMessage, notify } from 'shared-ui';
import type { EndpointResult } from 'shared-ui';
import { ACCOUNT_CHANGED } from './account-route';

export type CurrentUser = EndpointResult<typeof endpoints.getCurrentUser>['user'];
export type TwoStepStatus = EndpointResult<typeof endpoints.getTwoStep>;

export function useAccount() {
  const [user, setUser] = useState<CurrentUser | null>(null);
  const [twoStep, setTwoStep] = useState<TwoStepStatus | null>(null);

  const reload = useCallback(async () => {
    try {
      const [me, status] = await Promise.all([
        call(endpoints.getCurrentUser),
        call(endpoints.getTwoStep),
      ]);
      setUser(me.user);
      setTwoStep(status);
    } catch (error) {
      notify(errorMessage(error, endpoints.getTwoStep.texts.error));
    }
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  const changed = useCallback(async () => {
    await reload();
    window.dispatchEvent(new Event(ACCOUNT_CHANGED));
  }, [reload]);

  return { user, twoStep, changed };
}
