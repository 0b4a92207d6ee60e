// The shell's check of what a remote's manifest records it was built against: the contract and
// shared-ui by version range (the shell's copy must be the same major and at least the minor the
// remote was built against; a library's version changes with its exported API), and shared-ui by
// the names the remote imports, which the shell's own copy (the one every remote gets) must export.
import { checkBuiltAgainst } from './compatibility';
import { RemoteIncompatibleError } from './errors';

const SHELL = __BUILT_AGAINST__;

const manifest = (builtAgainst: Record<string, string>, sharedUiImports?: string[]) => ({
  metaData: { buildInfo: { builtAgainst, ...(sharedUiImports ? { sharedUiImports } : {}) } },
});

describe('checkBuiltAgainst', () => {
  it("accepts a remote built against the shell's contract and shared-ui", async () => {
    await expect(
      checkBuiltAgainst(
        'reports',
        manifest({ ...SHELL }, ['Button', 'Table', 'formatMoney', 'useApiQuery']),
      ),
    ).resolves.toBeUndefined();
  });

  const [major, minor] = SHELL.contract.split(/[.+]/).map(Number) as [number, number];

  it('accepts a contract of the same version or an older minor, whatever the hash of its sources', async () => {
    const sameVersion = `${SHELL.contract.replace(/\+.*$/, '')}+0123456789ab`;
    await expect(
      checkBuiltAgainst('reports', manifest({ ...SHELL, contract: sameVersion })),
    ).resolves.toBeUndefined();
    if (minor > 0) {
      await expect(
        checkBuiltAgainst('reports', manifest({ ...SHELL, contract: `${major}.0.0+0123456789ab` })),
      ).resolves.toBeUndefined();
    }
  });

  it('refuses a contract of another major version (a renamed field) or of a newer minor (an added export)', async () => {
    for (const contract of [
      `${major + 1}.0.0+0123456789ab`,
      `${major}.${minor + 1}.0+0123456789ab`,
    ]) {
      const error = await checkBuiltAgainst('reports', manifest({ ...SHELL, contract })).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(RemoteIncompatibleError);
      expect(error).toMatchObject({
        library: 'contract',
        remoteVersion: contract,
        shellVersion: SHELL.contract,
      });
    }
  });

  const sharedUiSameMajor = `${SHELL['shared-ui'].replace(/\+.*$/, '')}+aaaaaaaaaaaa`;

  it("refuses a remote importing shared-ui names the shell's shared-ui does not export", async () => {
    const error = await checkBuiltAgainst(
      'reports',
      manifest({ ...SHELL, 'shared-ui': sharedUiSameMajor }, ['Button', 'NewChart', 'Sparkline']),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RemoteIncompatibleError);
    expect(error).toMatchObject({
      library: 'shared-ui',
      remoteVersion: sharedUiSameMajor,
      shellVersion: SHELL['shared-ui'],
      missing: ['NewChart', 'Sparkline'],
    });
    expect((error as Error).message).toContain('which does not export NewChart, Sparkline');
  });

  it('refuses another major version of shared-ui, or a newer minor', async () => {
    const [uiMajor, uiMinor] = SHELL['shared-ui'].split(/[.+]/).map(Number) as [number, number];
    for (const version of [
      `${uiMajor + 1}.0.0+aaaaaaaaaaaa`,
      `${uiMajor}.${uiMinor + 1}.0+aaaaaaaaaaaa`,
    ]) {
      await expect(
        checkBuiltAgainst('reports', manifest({ ...SHELL, 'shared-ui': version })),
      ).rejects.toMatchObject({ library: 'shared-ui', remoteVersion: version });
    }
  });

  it('accepts a manifest that records nothing (built before the check, or elsewhere)', async () => {
    await expect(checkBuiltAgainst('reports', {})).resolves.toBeUndefined();
    await expect(checkBuiltAgainst('reports', null)).resolves.toBeUndefined();
  });
});
