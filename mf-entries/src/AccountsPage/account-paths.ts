// The addresses of an account's screens (the contract's screens describe them as `/Accounts/:id`),
// and the account's id read back from the address.
import { useLocation } from 'react-router';
import { screens } from 'shared-ui';

const withId = (path: string, id: number) => path.replace(':id', String(id));

export const registerPath = (id: number) => withId(screens.accountRegister.path, id);
export const reconcilePath = (id: number) => withId(screens.reconcile.path, id);

/**
 * The account's id from the address (`/Accounts/:id`, `/Accounts/:id/reconcile`), or undefined
 * when it is not one. Read from the path: the shared router offers no `useParams`.
 */
export function useAccountId(): number | undefined {
  const id = /^\/Accounts\/([^/]+)/.exec(useLocation().pathname)?.[1];
  return id && /^[1-9][0-9]{0,9}$/.test(id) && Number(id) <= 2147483647 ? Number(id) : undefined;
}
