export { BooksClosed } from './BooksClosed';
