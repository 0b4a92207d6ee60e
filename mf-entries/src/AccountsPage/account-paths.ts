// The addresses of an account's screens (the contract's screens describe them as `/Accounts/:id`).
import { screens } from 'shared-ui';

const withId = (path: string, id: number) => path.replace(':id', String(id));

export const registerPath = (id: number) => withId(screens.accountRegister.path, id);
export const reconcilePath = (id: number) => withId(screens.reconcile.path, id);
