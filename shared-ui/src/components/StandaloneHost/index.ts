export { StandaloneHost, mountStandalone } from './StandaloneHost';
export type { StandaloneHostProps, StandaloneScreen } from './StandaloneHost';
