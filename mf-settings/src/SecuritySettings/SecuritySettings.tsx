// The Settings screen's Security tab: whether every admin must use two-step sign-in. Admins
// change it; everyone else sees it (the server refuses their change anyway).
import { useEffect, useState } from 'react';
import { call, endpoints, errorMessage, messages, notify } from 'shared-ui';

interface State {
  required: boolean;
  isAdmin: boolean;
}

export function SecuritySettings() {
  const [state, setState] = useState<State | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    Promise.all([call(endpoints.getSecuritySettings), call(endpoints.getCurrentUser)])
      .then(
        ([settings, me]) =>
          live &&
          setState({
            required: settings.requireTwoStepForAdmins,
            isAdmin: me.user.role === 'admin',
          }),
      )
      .catch((error: unknown) =>
        notify(errorMessage(error, endpoints.getSecuritySettings.texts.error)),
      );
    return () => {
      live = false;
    };
  }, []);

  if (!state) return <p>{messages.loading}</p>;

  const onChange = async (required: boolean) => {
    setSaving(true);
    try {
      const saved = await call(endpoints.saveSecuritySettings, {
        body: { requireTwoStepForAdmins: required },
      });
      setState({ ...state, required: saved.requireTwoStepForAdmins });
      notify(messages.securitySaved);
    } catch (error) {
      notify(errorMessage(error, endpoints.saveSecuritySettings.texts.error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section aria-label={messages.securityTab}>
      <label>
        <input
          type="checkbox"
          role="switch"
          checked={state.required}
          disabled={!state.isAdmin || saving}
          onChange={(event) => void onChange(event.target.checked)}
        />{' '}
        {messages.requireTwoStepForAdmins}
      </label>
    </section>
  );
}
