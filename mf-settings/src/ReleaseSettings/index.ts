export { ReleaseSettings } from './ReleaseSettings';
