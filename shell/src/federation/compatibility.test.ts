// The shell's check of what a remote's manifest records it was built against: the contract to
// the hash of its sources, shared-ui by major version and by the names the remote imports, which
// the shell's own shared-ui (the copy every remote gets) must export.
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

  it('refuses another contract, even of the same version: one renamed field changes its hash', async () => {
    const error = await checkBuiltAgainst(
      'reports',
      manifest({ ...SHELL, contract: `${SHELL.contract}+0123456789ab` }),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RemoteIncompatibleError);
    expect(error).toMatchObject({
      library: 'contract',
      remoteVersion: `${SHELL.contract}+0123456789ab`,
      shellVersion: SHELL.contract,
    });
  });

  it("refuses a remote importing shared-ui names the shell's shared-ui does not export", async () => {
    const error = await checkBuiltAgainst(
      'reports',
      manifest({ ...SHELL, 'shared-ui': '1.4.0+aaaaaaaaaaaa' }, [
        'Button',
        'NewChart',
        'Sparkline',
      ]),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RemoteIncompatibleError);
    expect(error).toMatchObject({
      library: 'shared-ui',
      remoteVersion: '1.4.0+aaaaaaaaaaaa',
      shellVersion: SHELL['shared-ui'],
      missing: ['NewChart', 'Sparkline'],
    });
    expect((error as Error).message).toContain('which does not export NewChart, Sparkline');
  });

  it('refuses another major version of shared-ui', async () => {
    await expect(
      checkBuiltAgainst('reports', manifest({ ...SHELL, 'shared-ui': '2.0.0+aaaaaaaaaaaa' })),
    ).rejects.toMatchObject({ library: 'shared-ui', remoteVersion: '2.0.0+aaaaaaaaaaaa' });
  });

  it('accepts a manifest that records nothing (built before the check, or elsewhere)', async () => {
    await expect(checkBuiltAgainst('reports', {})).resolves.toBeUndefined();
    await expect(checkBuiltAgainst('reports', null)).resolves.toBeUndefined();
  });
});
