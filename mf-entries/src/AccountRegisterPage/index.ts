export { AccountRegisterPage } from './AccountRegisterPage';
