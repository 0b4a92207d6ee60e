import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { RemoteUnavailableError, fetchRemoteList, loadRemoteComponent } from './federation';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
  registerPlugins: jest.fn(),
}));

const mockedLoad = jest.mocked(loadRemote);
const mockedRegister = jest.mocked(registerRemotes);

function serveList(list: unknown, ok = true) {
  global.fetch = jest.fn().mockResolvedValue({ ok, json: () => Promise.resolve(list) });
}

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  mockedLoad.mockReset();
  mockedRegister.mockReset();
});
afterEach(() => jest.restoreAllMocks());

describe('fetchRemoteList', () => {
  it('should keep only string entries of /remotes.json', async () => {
    serveList({ settings: '/remotes/mf-settings/mf-manifest.json', bogus: 3 });
    await expect(fetchRemoteList()).resolves.toEqual({
      settings: '/remotes/mf-settings/mf-manifest.json',
    });
    expect(global.fetch).toHaveBeenCalledWith('/remotes.json', expect.anything());
  });

  it('should treat an unreachable or failing list as no remotes', async () => {
    serveList({}, false);
    await expect(fetchRemoteList()).resolves.toEqual({});
    global.fetch = jest.fn().mockRejectedValue(new TypeError('offline'));
    await expect(fetchRemoteList()).resolves.toEqual({});
  });
});

describe('loadRemoteComponent', () => {
  it('should report a remote missing from the list as unavailable', async () => {
    serveList({});
    await expect(loadRemoteComponent('people', 'UsersPage')).rejects.toBeInstanceOf(
      RemoteUnavailableError,
    );
    expect(mockedLoad).not.toHaveBeenCalled();
  });

  it('should register the remote and return the export named like the module', async () => {
    const SettingsPage = () => null;
    serveList({ settings: '/remotes/mf-settings/mf-manifest.json' });
    mockedLoad.mockResolvedValue({ SettingsPage });
    await expect(loadRemoteComponent('settings', 'SettingsPage')).resolves.toBe(SettingsPage);
    expect(mockedRegister).toHaveBeenCalledWith(
      [{ name: 'settings', entry: '/remotes/mf-settings/mf-manifest.json' }],
      { force: true },
    );
    expect(mockedLoad).toHaveBeenCalledWith('settings/SettingsPage');
  });

  it('should re-read the list and re-register the remote on retry', async () => {
    const IncomePage = () => null;
    serveList({ entries: '/remotes/mf-entries/mf-manifest.json' });
    mockedLoad
      .mockRejectedValueOnce(new Error('load failed'))
      .mockResolvedValueOnce({ IncomePage });
    await expect(loadRemoteComponent('entries', 'IncomePage')).rejects.toThrow('load failed');
    await expect(loadRemoteComponent('entries', 'IncomePage', true)).resolves.toBe(IncomePage);
    expect(mockedRegister).toHaveBeenCalledTimes(2);
  });

  it('should reject a module without the expected component', async () => {
    serveList({ reports: '/remotes/mf-reports/mf-manifest.json' });
    mockedLoad.mockResolvedValue({ SomethingElse: 1 });
    await expect(loadRemoteComponent('reports', 'YearlyReportPage')).rejects.toThrow(
      'does not export a component named YearlyReportPage',
    );
  });
});
