import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button, endpoints, messages, notify, TextField, useApiWrite } from 'shared-ui';

/** Change the own password: the current one is required; the other sessions end. */
export function PasswordForm() {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const change = useApiWrite(endpoints.changeOwnPassword, { success: messages.passwordChanged });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (currentPassword === '' || newPassword === '') {
      notify(messages.fillAllFields);
      return;
    }
    setBusy(true);
    const outcome = await change.run({ body: { currentPassword, newPassword } });
    if (outcome.ok) {
      setCurrentPassword('');
      setNewPassword('');
    }
    setBusy(false);
  };

  return (
    <form className="ofs-card shell-account__section" onSubmit={onSubmit} noValidate>
      <h2>{messages.changePassword}</h2>
      <TextField
        label={messages.currentPassword}
        type="password"
        autoComplete="current-password"
        value={currentPassword}
        onChange={setCurrentPassword}
      />
      <TextField
        label={messages.newPassword}
        type="password"
        autoComplete="new-password"
        value={newPassword}
        onChange={setNewPassword}
      />
      <Button type="submit" busy={busy} busyLabel={messages.saving}>
        {messages.changePassword}
      </Button>
    </form>
  );
}
