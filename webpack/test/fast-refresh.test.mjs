// Hot reload with React Fast Refresh (fast-refresh.mjs): which builds get it, and what a
// development build with it carries where. A remote's page entry (main.js) gets the refresh
// runtime; its federation container (remoteEntry.js), which a host page loads beside its own
// React, does not; components are registered with the refresh runtime.
import { afterAll, expect, test } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { browserModule, browserResolve, createRemoteConfig } from '../create-config.mjs';
import { fastRefreshFor, fastRefreshPlugins, withRefreshTransform } from '../fast-refresh.mjs';
import { buildOnce } from './build-once.mjs';

const require = createRequire(import.meta.url);
const webpack = require('webpack');
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const out = mkdtempSync(path.join(tmpdir(), 'web-build-refresh-'));

afterAll(() => rmSync(out, { recursive: true, force: true }));

const reportsConfig = (mode) =>
  createRemoteConfig('reports', path.join(root, 'mf-reports'))({}, { mode })[0];
const pluginNames = (config) => config.plugins.map((plugin) => plugin.constructor.name);

test('only the development build of a remote run alone gets hot reload with Fast Refresh', () => {
  expect(fastRefreshFor({ production: false, isRemote: true, env: {} })).toBe(true);
  // `npm run dev` at the root: the shell's page loads every remote; live reload as before.
  const wholeSystem = { DEV_WHOLE_SYSTEM: '1' };
  expect(fastRefreshFor({ production: false, isRemote: true, env: wholeSystem })).toBe(false);
  expect(fastRefreshFor({ production: true, isRemote: true, env: {} })).toBe(false);
  expect(fastRefreshFor({ production: false, isRemote: false, env: {} })).toBe(false);
});

test("a remote's development server applies edits in place, with no live reload", () => {
  const app = reportsConfig('development');
  expect(app.devServer).toMatchObject({ hot: true, liveReload: false });
  expect(pluginNames(app)).toEqual(
    expect.arrayContaining(['ReactRefreshPlugin', 'PageEntryOnlyPlugin']),
  );
  // The refresh transform first: its loader runs last, on esbuild's output.
  expect(app.module.rules[0].use.loader).toMatch(/babel-loader/);
  expect(app.module.rules.slice(1)).toEqual(browserModule.rules);
});

test('a production build is configured as before: no refresh, no hot reload', () => {
  const app = reportsConfig('production');
  expect(app.module).toBe(browserModule);
  expect(pluginNames(app)).not.toContain('ReactRefreshPlugin');
  expect(pluginNames(app)).not.toContain('PageEntryOnlyPlugin');
  expect(app.devServer).toMatchObject({ hot: false, liveReload: true });
});

test('the refresh runtime goes into the page entry only, and components are registered', async () => {
  await buildOnce({
    mode: 'development',
    entry: { main: './fixtures/Greeting.tsx' },
    output: { path: out, filename: '[name].js', uniqueName: 'refresh-fixture' },
    resolve: browserResolve,
    module: withRefreshTransform(browserModule),
    plugins: [
      new webpack.container.ContainerPlugin({
        name: 'fixture',
        filename: 'remoteEntry.js',
        exposes: { './Greeting': './fixtures/Greeting.tsx' },
      }),
      new webpack.HotModuleReplacementPlugin(),
      ...fastRefreshPlugins('main'),
    ],
  });
  const main = readFileSync(path.join(out, 'main.js'), 'utf8');
  const container = readFileSync(path.join(out, 'remoteEntry.js'), 'utf8');
  expect(main).toContain('client/ReactRefreshEntry.js');
  expect(container).not.toContain('client/ReactRefreshEntry.js');
  // `$RefreshReg$(_c, "Greeting")`, bound to the runtime's register by the plugin.
  expect(main).toMatch(/\$Refresh\$\.register\)?\(_c, "Greeting"\)/);
});
