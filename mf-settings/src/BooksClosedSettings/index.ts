export { BooksClosedSettings } from './BooksClosedSettings';
