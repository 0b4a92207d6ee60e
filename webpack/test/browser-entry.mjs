// Everything contract's browser entry exports, as a browser bundle builds it (contract-browser.test.mjs).
export * from 'contract/browser';
