export { CompanySettings } from './CompanySettings';
