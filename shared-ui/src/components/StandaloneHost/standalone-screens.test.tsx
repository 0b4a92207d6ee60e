import { standaloneScreens } from './mount-standalone';

const SettingsPage = () => <p>settings</p>;
const ChartOfAccountsPage = () => <p>chart</p>;

describe('standaloneScreens', () => {
  it("gives a remote's listed paths and labels, each rendered by its module's component", () => {
    const screens = standaloneScreens('settings', { SettingsPage, ChartOfAccountsPage });
    expect(screens.map(({ path, label }) => ({ path, label }))).toEqual([
      { path: '/settings', label: 'Settings' },
      { path: '/ChartOfAccounts', label: 'Chart of accounts' },
    ]);
  });

  it('refuses a remote that gives no component for a listed screen', () => {
    expect(() => standaloneScreens('people', { SettingsPage })).toThrow(
      'mf-people gives no component for its screen UsersPage',
    );
  });

  it('refuses a remote the list does not name', () => {
    expect(() => standaloneScreens('ledger', {})).toThrow('No remote named ledger');
  });
});
