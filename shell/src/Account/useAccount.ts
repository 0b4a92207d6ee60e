// The data of the /Account screen: who is signed in and the state of their two-step sign-in,
// read through the page's cache and read again after a change.
import { endpoints, useApiQuery } from 'shared-ui';
import type { EndpointResult } from 'shared-ui';

export type CurrentUser = EndpointResult<typeof endpoints.getCurrentUser>['user'];
export type TwoStepStatus = EndpointResult<typeof endpoints.getTwoStep>;

export function useAccount() {
  const me = useApiQuery(endpoints.getCurrentUser, undefined);
  const twoStep = useApiQuery(endpoints.getTwoStep, undefined);

  /**
   * Reads both again after a change; the sidebar shows the same cached answer of who is signed
   * in, so it follows (an admin who had to set up two-step sign-in is let go).
   */
  const changed = async () => {
    await Promise.all([me.refetch(), twoStep.refetch()]);
  };

  return { user: me.data?.user ?? null, twoStep: twoStep.data ?? null, changed };
}
