// Exposed to the shell as people/UsersPage.
export { UsersPage } from './UsersPage';
