import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LoginPage } from './LoginPage';
import { page } from '../../notify/page';
import { useSession } from '../../session/session-store';
import {
  axeViolations,
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

  it('should offer an email field, a password field, Sign In and a copyright footer', async () => {
    render(<LoginPage />);
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('contentinfo')).toHaveTextContent(`© ${new Date().getFullYear()}`);
    expect(await axeViolations()).toEqual([]);
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

  describe('the code step of two-step sign-in', () => {
    const CHALLENGE = {
      message: 'Enter the code from your authenticator app',
      twoStep: { challenge: 'c-1' },
    };

    async function reachCodeStep() {
      mockEndpoint(endpoints.login, CHALLENGE);
      render(<LoginPage />);
      await fill('a@b.co', 'secret');
      return screen.findByLabelText('Code');
    }

    it('should ask for the Code after a correct password, and sign in with it on Verify', async () => {
      const answer = deferred<{ token: string; message: string }>();
      const verify = mockEndpoint(endpoints.loginCode, answer.promise);
      const code = await reachCodeStep();
      expect(screen.queryByLabelText('Password')).toBeNull();
      expect(screen.getByText('Enter the code from your authenticator app')).toBeInTheDocument();
      expect(window.sessionStorage.getItem('token')).toBeNull();

      await userEvent.type(code, ' 123456 ');
      await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
      expect(screen.getByRole('button', { name: 'Verifying...' })).toBeDisabled();
      await waitFor(() => expect(verify.calls).toHaveLength(1));
      expect(verify.calls[0]?.body).toEqual({ challenge: 'c-1', code: '123456' });
      answer.resolve({ token: 't-2', message: 'Login successful' });
      await waitFor(() => expect(reload).toHaveBeenCalled());
      expect(window.sessionStorage.getItem('token')).toBe('t-2');
      expect(dialogs.alerts).toEqual([]);
    });

    it('should alert the server message for a wrong or reused code and let the user try again', async () => {
      const verify = mockEndpoint(endpoints.loginCode, failWith(401, 'Invalid code'));
      const code = await reachCodeStep();
      await userEvent.type(code, '000000');
      await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
      await waitFor(() => expect(dialogs.alerts).toEqual(['Invalid code']));
      expect(screen.getByLabelText('Code')).toHaveValue('');
      expect(window.sessionStorage.getItem('token')).toBeNull();

      verify.answer({ token: 't-3', message: 'Login successful' });
      await userEvent.type(screen.getByLabelText('Code'), 'abcde-fghij');
      await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
      await waitFor(() => expect(window.sessionStorage.getItem('token')).toBe('t-3'));
      expect(verify.calls[1]?.body).toEqual({ challenge: 'c-1', code: 'abcde-fghij' });
    });

    it('should go back to the password when the sign-in has expired', async () => {
      mockEndpoint(
        endpoints.loginCode,
        failWith(401, 'This sign-in has expired, please sign in again'),
      );
      const code = await reachCodeStep();
      await userEvent.type(code, '123456');
      await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
      await waitFor(() =>
        expect(dialogs.alerts).toEqual(['This sign-in has expired, please sign in again']),
      );
      expect(await screen.findByLabelText('Password')).toBeInTheDocument();
    });

    it('should ask for a code before calling when the field is empty', async () => {
      const verify = mockEndpoint(endpoints.loginCode, { token: 't', message: 'ok' });
      await reachCodeStep();
      await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
      expect(dialogs.alerts).toEqual([
        'Enter the code from your authenticator app or a recovery code',
      ]);
      expect(verify.calls).toEqual([]);
    });
  });
});
