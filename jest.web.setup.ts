import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';

// React Router 7 needs these at import time; jsdom does not provide them.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// Screens keep their filters in the address; each test starts from a clean one.
afterEach(() => window.history.replaceState(null, '', '/'));
