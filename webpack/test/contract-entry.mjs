// Everything contract exports, as a browser bundle builds it (typebox-facade.test.mjs).
export * from 'contract';
