// A remote's container entry carries one share runtime, the federation's
// (single-share-runtime-plugin.mjs): webpack's own, which the federation's replaced before it
// could run, is left out, and every shared module is still declared to the federation runtime.
import { afterAll, expect, test } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { browserModule, browserResolve } from '../create-config.mjs';
import { SingleShareRuntimePlugin } from '../single-share-runtime-plugin.mjs';
import { buildOnce } from './build-once.mjs';

const out = mkdtempSync(path.join(tmpdir(), 'web-build-share-runtime-'));

afterAll(() => rmSync(out, { recursive: true, force: true }));

test('the container entry sets the share scope once, through the federation runtime', async () => {
  await buildOnce({
    entry: {},
    output: { path: out, uniqueName: 'share-runtime-fixture' },
    resolve: browserResolve,
    module: browserModule,
    // Unminified, so the runtime's names can be read.
    optimization: { minimize: false },
    plugins: [
      new ModuleFederationPlugin({
        name: 'fixture',
        filename: 'remoteEntry.js',
        exposes: { './Greeting': './fixtures/Greeting.tsx' },
        shared: { react: { singleton: true, requiredVersion: '^19.0.0' } },
        dts: false,
      }),
      new SingleShareRuntimePlugin(),
    ],
  });
  const entry = readFileSync(path.join(out, 'remoteEntry.js'), 'utf8');
  const initializers = [...entry.matchAll(/__webpack_require__\.I = ([^\n]*)/g)];
  expect(initializers).toHaveLength(1);
  expect(entry).toMatch(/return __webpack_require__\.federation\.bundlerRuntime\.I\(/);
  expect(entry.match(/__webpack_require__\.S = \{\}/g)).toHaveLength(1);
  // webpack's own share runtime registered each shared module by a call of its own.
  expect(entry).not.toMatch(/register\("react"/);
  // React is still declared to the federation runtime, as a singleton.
  expect(entry).toMatch(/initOptions\.shared = \{\s*"react": \[/);
  expect(entry).toContain('"singleton":true');
});
