export { ReportsPlaceholder } from './ReportsPlaceholder';
