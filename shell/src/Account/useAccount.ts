// The data of the /Account screen: who is signed in and the state of their two-step sign-in,
// read through the page's cache and read again after a change.
import { endpoints, useApiQuery } from 'shared-ui';
import type { EndpointResult } from 'shared-ui';
import { ACCOUNT_CHANGED } from './account-route';

export type CurrentUser = EndpointResult<typeof endpoints.getCurrentUser>['user'];
export type TwoStepStatus = EndpointResult<typeof endpoints.getTwoStep>;

export function useAccount() {
  const me = useApiQuery(endpoints.getCurrentUser, undefined);
  const twoStep = useApiQuery(endpoints.getTwoStep, undefined);

  /** Reads both again after a change, and tells the rest of the page (the sidebar). */
  const changed = async () => {
    await Promise.all([me.refetch(), twoStep.refetch()]);
    window.dispatchEvent(new Event(ACCOUNT_CHANGED));
  };

  return { user: me.data?.user ?? null, twoStep: twoStep.data ?? null, changed };
}
