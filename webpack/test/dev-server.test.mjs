// The development configuration: the port a dev server takes, and what its live-reload client
// goes into (one client per compilation a page runs, none in the federation runtime provider).
import { expect, test } from '@jest/globals';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRemoteConfig, devPortOf } from '../create-config.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

test('an app run alone takes PORT; the whole system keeps the ports of the list', () => {
  expect(devPortOf(3003, {})).toBe(3003);
  expect(devPortOf(3003, { PORT: '4100' })).toBe(4100);
  expect(devPortOf(3003, { PORT: '4100', DEV_WHOLE_SYSTEM: '1' })).toBe(3003);
  expect(() => devPortOf(3003, { PORT: 'http' })).toThrow(
    'PORT must be a number from 1 to 65535, not "http"',
  );
});

test("a remote's development build: the app is named and served, the runtime provider is not", () => {
  const [app, runtime] = createRemoteConfig('reports', path.join(root, 'mf-reports'))(
    {},
    { mode: 'development' },
  );
  expect(app.name).toBe('reports');
  expect(app.devServer.port).toBe(3003);
  expect(runtime.name).toBe('reports-federation-runtime');
  expect(runtime.devServer).toBe(false);
  // Served as a file by the app's dev server, from outside the remote's dist/.
  expect(app.devServer.static).toEqual([
    { directory: runtime.output.path, publicPath: '/', watch: false },
  ]);
  expect(runtime.output.path.startsWith(path.join(root, 'mf-reports'))).toBe(false);
});

test('a production build writes the runtime provider beside the app, as before', () => {
  const [app, runtime] = createRemoteConfig('reports', path.join(root, 'mf-reports'))(
    {},
    { mode: 'production' },
  );
  expect(runtime.output.path).toBe(app.output.path);
  expect(runtime.devServer).toBeUndefined();
});
