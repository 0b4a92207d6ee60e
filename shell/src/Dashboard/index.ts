export { Dashboard } from './Dashboard';
