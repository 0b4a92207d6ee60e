import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LoginPage } from './LoginPage';
import { page } from '../../notify/page';
import { useSession } from '../../session/session-store';
import {
  collectDialogs,
  deferred,
  endpoints,
  failWith,
  mockEndpoint,
  networkFailure,
  type Dialogs,
} from '../../testing';

describe('LoginPage', () => {
  let dialogs: Dialogs;
  let reload: jest.SpyInstance;

  beforeEach(() => {
    window.sessionStorage.clear();
    useSession.setState({ token: null });
    dialogs = collectDialogs();
    reload = jest.spyOn(page, 'reload').mockImplementation(() => undefined);
  });

  async function fill(email: string, password: string) {
    if (email) await userEvent.type(screen.getByLabelText('Email'), email);
    if (password) await userEvent.type(screen.getByLabelText('Password'), password);
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
  }

  it('should offer an email field, a password field, Sign In and a copyright footer', () => {
    render(<LoginPage />);
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('contentinfo')).toHaveTextContent(`© ${new Date().getFullYear()}`);
  });

  it.each([
    ['', 'secret'],
    ['a@b.co', ''],
    ['', ''],
  ])(
    'should alert "Please fill all fields" for email %j and password %j',
    async (email, password) => {
      const login = mockEndpoint(endpoints.login, { token: 't', message: 'ok' });
      render(<LoginPage />);
      await fill(email, password);
      expect(dialogs.alerts).toEqual(['Please fill all fields']);
      expect(login.calls).toEqual([]);
    },
  );

  it('should show Signing In... while the request is in flight, then store the token and reload', async () => {
    const answer = deferred<{ token: string; message: string }>();
    const login = mockEndpoint(endpoints.login, answer.promise);
    render(<LoginPage />);
    await fill('a@b.co', 'secret');

    expect(screen.getByRole('button', { name: 'Signing In...' })).toBeDisabled();
    await waitFor(() => expect(login.calls).toHaveLength(1));
    expect(login.calls[0]?.body).toEqual({ email: 'a@b.co', password: 'secret' });
    answer.resolve({ token: 't-1', message: 'Login successful' });
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(window.sessionStorage.getItem('token')).toBe('t-1');
    expect(dialogs.alerts).toEqual([]);
  });

  it('should alert the server message when sign-in fails', async () => {
    mockEndpoint(endpoints.login, failWith(429, 'Too many login attempts'));
    render(<LoginPage />);
    await fill('a@b.co', 'secret');
    await waitFor(() => expect(dialogs.alerts).toEqual(['Too many login attempts']));
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(window.sessionStorage.getItem('token')).toBeNull();
  });

  it('should alert Invalid credentials when the server refuses without a message', async () => {
    mockEndpoint(endpoints.login, failWith(401));
    render(<LoginPage />);
    await fill('a@b.co', 'secret');
    await waitFor(() => expect(dialogs.alerts).toEqual(['Invalid credentials']));
  });

  it('should alert Invalid credentials when a response carries no token', async () => {
    mockEndpoint(endpoints.login, {} as never);
    render(<LoginPage />);
    await fill('a@b.co', 'secret');
    await waitFor(() => expect(dialogs.alerts).toEqual(['Invalid credentials']));
  });

  it('should alert the network text when the call fails unexpectedly', async () => {
    mockEndpoint(endpoints.login, networkFailure());
    render(<LoginPage />);
    await fill('a@b.co', 'secret');
    await waitFor(() =>
      expect(dialogs.alerts).toEqual(['Something went wrong. Please try again.']),
    );
  });
});
