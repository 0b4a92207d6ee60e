export { AccountsAdmin, accountBody, bankOf } from './AccountsAdmin';
export type { AccountsAdminProps } from './AccountsAdmin';
