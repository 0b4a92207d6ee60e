import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LoginPage } from './LoginPage';
import { api, ApiError } from '../../http/api-client';
import { page } from '../../notify/page';
import { useSession } from '../../session/session-store';

describe('LoginPage', () => {
  let alert: jest.SpyInstance;
  let reload: jest.SpyInstance;

  beforeEach(() => {
    window.sessionStorage.clear();
    useSession.setState({ token: null });
    alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
    reload = jest.spyOn(page, 'reload').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

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
      const post = jest.spyOn(api, 'post');
      render(<LoginPage />);
      await fill(email, password);
      expect(alert).toHaveBeenCalledWith('Please fill all fields');
      expect(post).not.toHaveBeenCalled();
    },
  );

  it('should show Signing In... while the request is in flight, then store the token and reload', async () => {
    let resolve: (value: unknown) => void = () => undefined;
    const pending = new Promise<unknown>((r) => (resolve = r));
    const post = jest.spyOn(api, 'post').mockReturnValue(pending as Promise<never>);
    render(<LoginPage />);
    await fill('a@b.co', 'secret');

    expect(screen.getByRole('button', { name: 'Signing In...' })).toBeDisabled();
    expect(post).toHaveBeenCalledWith(
      '/users/login',
      { email: 'a@b.co', password: 'secret' },
      { failure: 'Invalid credentials', error: 'Something went wrong. Please try again.' },
    );
    resolve({ token: 't-1', message: 'Login successful' });
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(window.sessionStorage.getItem('token')).toBe('t-1');
    expect(alert).not.toHaveBeenCalled();
  });

  it('should alert the server message when sign-in fails', async () => {
    jest.spyOn(api, 'post').mockRejectedValue(new ApiError('Too many login attempts', 429));
    render(<LoginPage />);
    await fill('a@b.co', 'secret');
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Too many login attempts'));
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(window.sessionStorage.getItem('token')).toBeNull();
  });

  it('should alert Invalid credentials when a response carries no token', async () => {
    jest.spyOn(api, 'post').mockResolvedValue({});
    render(<LoginPage />);
    await fill('a@b.co', 'secret');
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Invalid credentials'));
  });

  it('should alert the network text when the call fails unexpectedly', async () => {
    jest.spyOn(api, 'post').mockRejectedValue(new TypeError('boom'));
    render(<LoginPage />);
    await fill('a@b.co', 'secret');
    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith('Something went wrong. Please try again.'),
    );
  });
});
