// The shell provides the remotes' shared modules itself (it is built without federation): every
// package the remotes share must be among them, with the version installed and the range a
// remote asks for, or each remote would load a second copy of it.
import { expect, test } from '@jest/globals';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hostShared, shared } from '../shared.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const fromSharedUi = createRequire(path.join(root, 'shared-ui', 'package.json'));

test('every package the remotes share is provided by the shell, with its range', () => {
  const packages = Object.keys(shared).filter((key) => !key.endsWith('/'));
  expect(packages.length).toBeGreaterThan(5);
  for (const name of packages) {
    expect({ name, requiredVersion: hostShared[name]?.requiredVersion }).toEqual({
      name,
      requiredVersion: shared[name].requiredVersion,
    });
  }
});

test('each subpath is provided under its package share, with the installed version', () => {
  for (const [name, { version, requiredVersion }] of Object.entries(hostShared)) {
    const [first, second] = name.split('/');
    const pkg = name.startsWith('@') ? `${first}/${second}` : first;
    if (pkg !== name) {
      expect(shared[`${pkg}/`]).toMatchObject({ singleton: true, requiredVersion });
    }
    const installed =
      pkg === 'shared-ui'
        ? shared['shared-ui'].version
        : fromSharedUi(`${pkg}/package.json`).version;
    expect({ name, version }).toEqual({ name, version: installed });
  }
  expect(Object.keys(hostShared)).toEqual(
    expect.arrayContaining(['react/jsx-runtime', 'react-dom/client', 'zustand/vanilla']),
  );
});
