import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button, endpoints, messages, notify, TextField, useApiWrite } from 'shared-ui';
import type { EndpointResult } from 'shared-ui';
import type { TwoStepStatus } from './useAccount';

type Setup = EndpointResult<typeof endpoints.setUpTwoStep>;

export interface TwoStepPanelProps {
  status: TwoStepStatus;
  /** Called after two-step was turned on or off. */
  onChanged: () => Promise<void>;
}

/**
 * Two-step sign-in on the own account: set it up (the secret as text and as a QR code), turn it
 * on with a code from the app (the recovery codes are shown once, here), or turn it off.
 */
export function TwoStepPanel({ status, onChanged }: TwoStepPanelProps) {
  const [setup, setSetup] = useState<Setup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const setUp = useApiWrite(endpoints.setUpTwoStep);

  const startSetup = async () => {
    setBusy(true);
    const outcome = await setUp.run();
    if (outcome.ok) setSetup(outcome.answer);
    setBusy(false);
  };

  const turnedOn = async (codes: string[]) => {
    setSetup(null);
    setRecoveryCodes(codes);
    await onChanged();
  };

  return (
    <section className="ofs-card shell-account__section" aria-label={messages.twoStepTitle}>
      <h2>{messages.twoStepTitle}</h2>
      {status.required && !status.enabled && <p role="alert">{messages.twoStepSetupRequired}</p>}
      {recoveryCodes && <RecoveryCodes codes={recoveryCodes} />}
      {status.enabled ? (
        <>
          <p>{messages.twoStepIsOn}</p>
          <p>
            {messages.recoveryCodesLeft} {status.recoveryCodesLeft}
          </p>
          {!status.required && <TurnOff onChanged={onChanged} />}
        </>
      ) : setup ? (
        <SetupForm setup={setup} onTurnedOn={turnedOn} />
      ) : (
        <>
          <p>{messages.twoStepIsOff}</p>
          <Button busy={busy} onClick={() => void startSetup()}>
            {messages.setUpTwoStep}
          </Button>
        </>
      )}
    </section>
  );
}

function SetupForm({
  setup,
  onTurnedOn,
}: {
  setup: Setup;
  onTurnedOn: (codes: string[]) => Promise<void>;
}) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const turnOn = useApiWrite(endpoints.turnOnTwoStep);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() === '') {
      notify(messages.enterCode);
      return;
    }
    setBusy(true);
    const outcome = await turnOn.run({ body: { code: code.trim() } });
    if (outcome.ok) await onTurnedOn(outcome.answer.recoveryCodes);
    else setBusy(false);
  };

  return (
    <form className="shell-account__setup" onSubmit={onSubmit} noValidate>
      <p>{messages.scanOrType}</p>
      <img className="shell-account__qr" src={setup.qr} alt={messages.qrCode} />
      <dl className="shell-account__facts">
        <dt>{messages.secretKey}</dt>
        <dd>
          <code>{setup.secret}</code>
        </dd>
      </dl>
      <TextField
        label={messages.code}
        autoComplete="one-time-code"
        inputMode="numeric"
        value={code}
        onChange={setCode}
      />
      <Button type="submit" busy={busy} busyLabel={messages.turningOn}>
        {messages.turnOn}
      </Button>
    </form>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <div className="shell-account__recovery">
      <h3>{messages.recoveryCodesTitle}</h3>
      <p>{messages.recoveryCodesOnce}</p>
      <ul aria-label={messages.recoveryCodesTitle}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
    </div>
  );
}

function TurnOff({ onChanged }: { onChanged: () => Promise<void> }) {
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const turnOff = useApiWrite(endpoints.turnOffTwoStep, {
    success: (answer) => answer.message,
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (password === '') {
      notify(messages.confirmPasswordToTurnOff);
      return;
    }
    setBusy(true);
    const outcome = await turnOff.run({ body: { password } });
    if (outcome.ok) await onChanged();
    else setBusy(false);
  };

  return (
    <form className="shell-account__setup" onSubmit={onSubmit} noValidate>
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
      />
      <Button type="submit" variant="danger" busy={busy}>
        {messages.turnOffOwnTwoStep}
      </Button>
    </form>
  );
}
