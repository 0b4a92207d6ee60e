import { useState } from 'react';
import type { FormEvent } from 'react';
import { endpoints, messages } from 'contract';
import { call, errorMessage } from '../../http/api-client';
import { notify } from '../../notify/notify';
import { useSession } from '../../session/session-store';
import { Button } from '../Button';
import { TextField } from '../Field';
import './LoginPage.css';

/**
 * The signed-out screen (spec §2, §5, §8). Shared so that each remote's standalone host signs in
 * exactly like the shell does.
 */
export function LoginPage() {
  const signIn = useSession((state) => state.signIn);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (email.trim() === '' || password === '') {
      notify(messages.fillAllFields);
      return;
    }
    setBusy(true);
    try {
      // An answer without a token (or no body at all) is a failed sign-in too.
      const response: { token?: string; message?: string } | undefined = await call(
        endpoints.login,
        { body: { email: email.trim(), password } },
      );
      if (response?.token) {
        signIn(response.token);
      } else {
        notify(response?.message || messages.invalidCredentials);
      }
    } catch (error) {
      notify(errorMessage(error, messages.somethingWentWrong));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="ofs-login">
      <main className="ofs-login__main">
        <form className="ofs-card ofs-login__form" onSubmit={onSubmit} noValidate>
          <h1 className="ofs-login__title">Sign In</h1>
          <TextField
            label="Email"
            type="email"
            name="email"
            autoComplete="username"
            value={email}
            onChange={setEmail}
          />
          <TextField
            label="Password"
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={setPassword}
          />
          <Button type="submit" busy={busy} busyLabel={messages.signingIn}>
            Sign In
          </Button>
        </form>
      </main>
      <footer className="ofs-login__footer">© {new Date().getFullYear()}</footer>
    </div>
  );
}
