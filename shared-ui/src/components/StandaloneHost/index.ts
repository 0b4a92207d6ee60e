export { mountStandalone } from './mount-standalone';
export type { StandaloneHostProps, StandaloneScreen } from './StandaloneHost';
