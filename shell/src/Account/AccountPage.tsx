// /Account (sidebar "My account", every role): the signed-in user's name, e-mail and role, the
// own password, two-step sign-in, and one's preferences. Loaded only when opened: neither this screen nor its
// texts are in the login page's or the dashboard's scripts.
import { messages } from 'shared-ui';
import { PasswordForm } from './PasswordForm';
import { PreferencesPanel } from './PreferencesPanel';
import { TwoStepPanel } from './TwoStepPanel';
import { useAccount } from './useAccount';
import './AccountPage.css';

export function AccountPage() {
  const { user, twoStep, changed } = useAccount();
  return (
    <div className="shell-account">
      <h1 className="ofs-page-title">{messages.myAccount}</h1>
      {user ? (
        <dl className="ofs-card shell-account__section shell-account__facts">
          <dt>{messages.accountName}</dt>
          <dd>{user.name}</dd>
          <dt>{messages.accountEmail}</dt>
          <dd>{user.email}</dd>
          <dt>{messages.accountRole}</dt>
          <dd>{user.role}</dd>
        </dl>
      ) : (
        <p>{messages.loading}</p>
      )}
      <PreferencesPanel />
      {twoStep && <TwoStepPanel status={twoStep} onChanged={changed} />}
      <PasswordForm />
    </div>
  );
}
