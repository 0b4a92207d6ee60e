// The Settings screen's Security tab: whether every admin must use two-step sign-in. Admins
// change it; everyone else sees it (the server refuses their change anyway).
import {
  endpoints,
  messages,
  useApiQuery,
  useApiWrite,
  useCurrentUser,
  useIsAdmin,
} from 'shared-ui';

export function SecuritySettings() {
  const settings = useApiQuery(endpoints.getSecuritySettings, undefined);
  const { settled } = useCurrentUser();
  const isAdmin = useIsAdmin();
  const save = useApiWrite(endpoints.saveSecuritySettings, { success: messages.securitySaved });

  if (!settings.data || !settled) return <p>{messages.loading}</p>;

  const onChange = (required: boolean) => save.run({ body: { requireTwoStepForAdmins: required } });

  return (
    <section aria-label={messages.securityTab}>
      <label>
        <input
          type="checkbox"
          role="switch"
          checked={settings.data.requireTwoStepForAdmins}
          disabled={!isAdmin || save.isPending}
          onChange={(event) => void onChange(event.target.checked)}
        />{' '}
        {messages.requireTwoStepForAdmins}
      </label>
    </section>
  );
}
