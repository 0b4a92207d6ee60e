import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { endpoints, messages } from 'contract/browser';
import { call, errorMessage } from '../../http/api-client';
import { notify } from '../../notify/notify';
import { useSession } from '../../session/session-store';
import { Button } from '../Button';
import { TextField } from '../Field';
import './LoginPage.css';

/**
 * The signed-out screen (docs/product.md#screens-and-routes, #validation, #messages). Shared so that each remote's standalone host signs in
 * exactly like the shell does. A user with two-step sign-in on is asked for the code from their
 * app (or a recovery code) after a correct password: the code step.
 */
export function LoginPage() {
  const signIn = useSession((state) => state.signIn);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [challenge, setChallenge] = useState<string | null>(null);

  if (challenge) {
    return (
      <LoginFrame>
        <CodeStep challenge={challenge} onSignedIn={signIn} onExpired={() => setChallenge(null)} />
      </LoginFrame>
    );
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (email.trim() === '' || password === '') {
      notify(messages.fillAllFields);
      return;
    }
    setBusy(true);
    try {
      // An answer without a token (or no body at all) is a failed sign-in too.
      const response:
        | { token?: string; message?: string; twoStep?: { challenge?: string } }
        | undefined = await call(endpoints.login, { body: { email: email.trim(), password } });
      if (response?.token) {
        signIn(response.token);
      } else if (response?.twoStep?.challenge) {
        setChallenge(response.twoStep.challenge);
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
    <LoginFrame>
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
    </LoginFrame>
  );
}

function LoginFrame({ children }: { children: ReactNode }) {
  return (
    <div className="ofs-login">
      <main className="ofs-login__main">{children}</main>
      <footer className="ofs-login__footer">© {new Date().getFullYear()}</footer>
    </div>
  );
}

interface CodeStepProps {
  challenge: string;
  onSignedIn: (token: string) => void;
  /** The sign-in ran out of time: back to the password. */
  onExpired: () => void;
}

/** The second step: the code from the authenticator app, or a recovery code, and Verify. */
function CodeStep({ challenge, onSignedIn, onExpired }: CodeStepProps) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() === '') {
      notify(messages.enterCode);
      return;
    }
    setBusy(true);
    try {
      const response = await call(endpoints.loginCode, { body: { challenge, code: code.trim() } });
      onSignedIn(response.token);
    } catch (error) {
      const message = errorMessage(error, endpoints.loginCode.texts.error);
      notify(message);
      setCode('');
      if (message === messages.challengeExpired) onExpired();
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="ofs-card ofs-login__form" onSubmit={onSubmit} noValidate>
      <h1 className="ofs-login__title">Sign In</h1>
      <p>{messages.codeRequired}</p>
      <TextField
        label={messages.code}
        name="code"
        autoComplete="one-time-code"
        inputMode="numeric"
        value={code}
        onChange={setCode}
        autoFocus
      />
      <Button type="submit" busy={busy} busyLabel={messages.verifying}>
        {messages.verify}
      </Button>
    </form>
  );
}
