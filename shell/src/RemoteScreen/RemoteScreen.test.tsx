import { screen } from '@testing-library/react';
import { render } from 'shared-ui/testing';
import userEvent from '@testing-library/user-event';
import { RemoteScreen } from './RemoteScreen';
import { reportHealth } from '../federation/health';
import {
  RemoteIncompatibleError,
  RemoteLoadError,
  RemoteUnavailableError,
  loadRemoteComponent,
} from '../federation/federation';
import type * as Federation from '../federation/federation';
import type { RemoteRoute } from '../routes/route-table';

// Health reports are health.test.ts's: here they are noted, never sent.
jest.mock('../federation/health', () => ({ reportHealth: jest.fn() }));
jest.mock('../federation/federation', () => {
  const actual = jest.requireActual<typeof Federation>('../federation/federation');
  return { ...actual, loadRemoteComponent: jest.fn() };
});

const load = jest.mocked(loadRemoteComponent);
const ROUTE: RemoteRoute = {
  path: '/Users',
  label: 'Users',
  remote: 'people',
  module: 'UsersPage',
  nav: 'main',
};

beforeEach(() => {
  load.mockReset();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

const Working = () => <h1>Users screen</h1>;

describe('RemoteScreen', () => {
  it('should show Loading... and then the remote screen', async () => {
    load.mockResolvedValue(Working);
    render(<RemoteScreen route={ROUTE} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByRole('heading', { name: 'Users screen' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith('people', 'UsersPage', false);
  });

  it('should show an unavailable panel for an undeployed remote and load again on Retry', async () => {
    load.mockRejectedValueOnce(new RemoteUnavailableError('people')).mockResolvedValueOnce(Working);
    render(<RemoteScreen route={ROUTE} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The Users screen is unavailable right now.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Users screen' })).toBeInTheDocument();
    expect(load).toHaveBeenLastCalledWith('people', 'UsersPage', true);
  });

  it('should show a Retry panel naming the failed stage, and recover without a reload', async () => {
    load
      .mockRejectedValueOnce(new RemoteLoadError('entry', 'ScriptExternalLoadError'))
      .mockResolvedValueOnce(Working);
    render(<RemoteScreen route={ROUTE} />);
    const panel = await screen.findByRole('alert');
    expect(panel).toHaveTextContent('The Users screen could not be loaded.');
    expect(panel).toHaveTextContent(
      "Failed stage: entry (the remote's entry script could not be loaded, People (mf-people)).",
    );
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Users screen' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('should contain a screen that throws while rendering', async () => {
    const Broken = () => {
      throw new Error('render failure');
    };
    load.mockResolvedValueOnce(Broken).mockResolvedValueOnce(Working);
    render(<RemoteScreen route={ROUTE} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed stage: render (the screen failed while rendering, People (mf-people)).',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Users screen' })).toBeInTheDocument();
  });

  it("should report a load, and a screen that throws as a render error of the remote's version", async () => {
    // What the server counts to roll a failing canary back by itself (api/test/remote-health).
    const Broken = () => {
      throw new Error('canary broke');
    };
    jest.mocked(reportHealth).mockClear();
    load.mockResolvedValueOnce(Broken);
    render(<RemoteScreen route={ROUTE} />);
    await screen.findByText(/Failed stage: render/);
    expect(jest.mocked(reportHealth).mock.calls).toEqual([
      ['people', { version: 'unversioned' }, 'loaded'],
      ['people', { version: 'unversioned' }, 'render_error'],
    ]);
  });

  it.each([
    ['manifest', "the remote's manifest could not be read"],
    ['chunk', "the screen's code could not be loaded"],
  ] as const)('should name the %s stage', async (stage, text) => {
    load.mockRejectedValueOnce(new RemoteLoadError(stage, 'failed'));
    render(<RemoteScreen route={ROUTE} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(`Failed stage: ${stage} (${text}`);
  });

  it('should name the remote and both versions for an incompatible remote', async () => {
    load.mockRejectedValueOnce(
      new RemoteIncompatibleError('people', 'shared-ui', '2.0.0', '1.0.0'),
    );
    render(<RemoteScreen route={ROUTE} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The Users screen cannot be shown: the People (mf-people) remote was built against shared-ui 2.0.0, and this application runs shared-ui 1.0.0.',
    );
  });

  it('should count a remote built against another contract as a failed load, naming both', async () => {
    load.mockRejectedValueOnce(
      new RemoteIncompatibleError('people', 'contract', '1.0.0+0123456789ab', '1.0.0+ba9876543210'),
    );
    render(<RemoteScreen route={ROUTE} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'the People (mf-people) remote was built against contract 1.0.0+0123456789ab, and this application runs contract 1.0.0+ba9876543210.',
    );
    expect(reportHealth).toHaveBeenCalledWith('people', expect.anything(), 'failed', 'manifest');
  });

  it('should name the shared-ui exports a remote needs and the shell lacks', async () => {
    load.mockRejectedValueOnce(
      new RemoteIncompatibleError('people', 'shared-ui', '1.1.0+aa', '1.0.0+bb', ['NewChart']),
    );
    render(<RemoteScreen route={ROUTE} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'built against shared-ui 1.1.0+aa, and this application runs shared-ui 1.0.0+bb, which does not export NewChart.',
    );
  });
});
