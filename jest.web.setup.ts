import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';
import { resetEndpointMocks } from './shared-ui/src/testing';

// React Router 7 needs these at import time; jsdom does not provide them.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// Answers given with shared-ui/testing's mockEndpoint last one test; a request that no test
// answered fails the test that made it. Screens keep their filters in the address; each test
// starts from a clean one.
afterEach(() => {
  resetEndpointMocks();
  window.history.replaceState(null, '', '/');
});
