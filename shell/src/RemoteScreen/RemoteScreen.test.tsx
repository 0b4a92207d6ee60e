import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RemoteScreen } from './RemoteScreen';
import { RemoteUnavailableError, loadRemoteComponent } from '../federation/federation';
import type { RemoteRoute } from '../routes/route-table';

jest.mock('../federation/federation', () => {
  class RemoteUnavailableError extends Error {}
  return { RemoteUnavailableError, loadRemoteComponent: jest.fn() };
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

  it('should show a Retry panel when the remote fails to load, and recover without a reload', async () => {
    load.mockRejectedValueOnce(new Error('ScriptExternalLoadError')).mockResolvedValueOnce(Working);
    render(<RemoteScreen route={ROUTE} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The Users screen could not be loaded.',
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
    expect(await screen.findByRole('alert')).toHaveTextContent('could not be loaded');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Users screen' })).toBeInTheDocument();
  });
});
