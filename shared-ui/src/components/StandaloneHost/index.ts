export { mountRemote, mountStandalone, standaloneScreens } from './mount-standalone';
export type { StandaloneHostProps, StandaloneScreen } from './StandaloneHost';
