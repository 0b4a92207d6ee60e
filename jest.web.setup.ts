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

// jsdom has <dialog> but neither showModal() nor close(): an open attribute stands for them (the
// page behind is not made inert here; the end-to-end tests check that in a browser).
if (!('showModal' in HTMLDialogElement.prototype)) {
  Object.assign(HTMLDialogElement.prototype, {
    showModal(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    },
    close(this: HTMLDialogElement) {
      if (!this.hasAttribute('open')) return;
      this.removeAttribute('open');
      this.dispatchEvent(new Event('close'));
    },
  });
}

// Answers given with shared-ui/testing's mockEndpoint last one test; a request that no test
// answered fails the test that made it. Screens keep their filters in the address; each test
// starts from a clean one.
afterEach(() => {
  resetEndpointMocks();
  window.history.replaceState(null, '', '/');
});
