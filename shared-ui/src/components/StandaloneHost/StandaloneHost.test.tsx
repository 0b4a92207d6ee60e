import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StandaloneHost } from './StandaloneHost';
import { useSession } from '../../session/session-store';
import { endpoints, mockEndpoint } from '../../testing';
import { page } from '../../notify/page';

const screens = [
  { path: '/settings', label: 'Settings', element: <h1>Settings screen</h1> },
  { path: '/other', label: 'Other', element: <h1>Other screen</h1> },
];

describe('StandaloneHost', () => {
  afterEach(() => {
    jest.restoreAllMocks();
    window.history.pushState({}, '', '/');
  });

  it('should show the login page when signed out', () => {
    useSession.setState({ token: null });
    render(<StandaloneHost name="mf-settings" screens={screens} />);
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('should open the first screen and link to each screen when signed in', async () => {
    useSession.setState({ token: 't' });
    render(<StandaloneHost name="mf-settings" screens={screens} />);
    expect(await screen.findByRole('heading', { name: 'Settings screen' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Other' }));
    expect(screen.getByRole('heading', { name: 'Other screen' })).toBeInTheDocument();
  });

  it('should log out through the API and reload', async () => {
    useSession.setState({ token: 't' });
    const logout = mockEndpoint(endpoints.logout, { message: 'Logged out' });
    const reload = jest.spyOn(page, 'reload').mockImplementation(() => undefined);
    render(<StandaloneHost name="mf-settings" screens={screens} />);
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(logout.calls).toHaveLength(1);
    expect(logout.calls[0]?.headers).toMatchObject({ Authorization: 'Bearer t' });
  });
});
