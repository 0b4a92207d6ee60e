export { ClientsVsSalesPage } from './ClientsVsSalesPage';
