export { AppLink } from './AppLink';
export type { AppLinkProps } from './AppLink';
