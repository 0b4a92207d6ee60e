export * from './links';
