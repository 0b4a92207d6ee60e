export { SecuritySettings } from './SecuritySettings';
