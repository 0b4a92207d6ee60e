export * from './Compare';
