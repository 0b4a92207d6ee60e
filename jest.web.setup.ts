import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';
import { resetEndpointMocks } from './shared-ui/src/testing';

// npm test runs these files beside the API suite and the browser tests on two cores: the first
// render of a file, which also compiles its modules, can take seconds there. findBy* and waitFor
// wait up to 5 s (not 1 s) before failing; what a test waits for is unchanged.
configure({ asyncUtilTimeout: 5000 });

// React Router 7 needs these at import time; jsdom does not provide them.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// Answers given with shared-ui/testing's mockEndpoint last one test; a request that no test
// answered fails the test that made it. Screens keep their filters in the address; each test
// starts from a clean one.
afterEach(() => {
  resetEndpointMocks();
  window.history.replaceState(null, '', '/');
});
