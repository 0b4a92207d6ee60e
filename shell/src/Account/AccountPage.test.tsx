import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  axeViolations,
  collectDialogs,
  endpoints,
  failWith,
  mockEndpoint,
  type Dialogs,
  render,
} from 'shared-ui/testing';
import { queryClient } from 'shared-ui';
import { AccountPage } from './AccountPage';

const ME = { user: { id: 3, name: 'Sam Staff', email: 'sam@test.local', role: 'staff' as const } };
const OFF = { enabled: false, recoveryCodesLeft: 0, required: false };
const SETUP = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  uri: 'otpauth://totp/Office%20Finance:sam%40test.local?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  qr: 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
};
const CODES = Array.from({ length: 10 }, (_, i) => `abcde-fgh${String(i).padStart(2, '0')}`);

describe('AccountPage', () => {
  let dialogs: Dialogs;
  beforeEach(() => {
    dialogs = collectDialogs();
    mockEndpoint(endpoints.getCurrentUser, ME);
    mockEndpoint(endpoints.getPreferences, { confirmWithNotice: false });
  });

  it('should keep the preference to confirm saves with a notice on the server', async () => {
    mockEndpoint(endpoints.getTwoStep, OFF);
    const save = mockEndpoint(endpoints.savePreferences, { confirmWithNotice: true });
    const kept = mockEndpoint(endpoints.getPreferences, { confirmWithNotice: false });
    render(<AccountPage />);
    const box = await screen.findByRole('checkbox', {
      name: 'Confirm saves with a notice instead of a pop-up',
    });
    await waitFor(() => expect(box).toBeEnabled());
    expect(box).not.toBeChecked();
    // What the server keeps from now on.
    kept.answer({ confirmWithNotice: true });
    await userEvent.click(box);
    await waitFor(() => expect(save.calls).toHaveLength(1));
    expect(save.calls[0]?.body).toEqual({ confirmWithNotice: true });
    expect(await screen.findByText('Preferences saved')).toBeInTheDocument();
    await waitFor(() => expect(box).toBeChecked());
    expect(dialogs.alerts).toEqual([]);
  });

  it("should show the signed-in user's name, e-mail and role", async () => {
    mockEndpoint(endpoints.getTwoStep, OFF);
    render(<AccountPage />);
    expect(screen.getByRole('heading', { name: 'My account' })).toBeInTheDocument();
    expect(await screen.findByText('Sam Staff')).toBeInTheDocument();
    expect(screen.getByText('sam@test.local')).toBeInTheDocument();
    expect(screen.getByText('staff')).toBeInTheDocument();
    expect(await screen.findByText('Two-step sign-in is off.')).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it('should set two-step sign-in up, show the secret and QR code, and turn it on with a Code', async () => {
    const status = mockEndpoint(endpoints.getTwoStep, OFF);
    const setup = mockEndpoint(endpoints.setUpTwoStep, SETUP);
    const turnOn = mockEndpoint(endpoints.turnOnTwoStep, failWith(400, 'Invalid code'));
    render(<AccountPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Set up two-step sign-in' }));

    expect(await screen.findByText('Secret key')).toBeInTheDocument();
    expect(screen.getByText(SETUP.secret)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute(
      'src',
      SETUP.qr,
    );
    expect(setup.calls).toHaveLength(1);

    await userEvent.type(screen.getByLabelText('Code'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(dialogs.alerts).toEqual(['Invalid code']));
    expect(screen.getByText(SETUP.secret)).toBeInTheDocument();

    turnOn.answer({ message: 'Two-step sign-in is on', recoveryCodes: CODES });
    status.answer({ enabled: true, recoveryCodesLeft: 10, required: false });
    await userEvent.clear(screen.getByLabelText('Code'));
    await userEvent.type(screen.getByLabelText('Code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));

    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(turnOn.calls[1]?.body).toEqual({ code: '123456' });
    expect(await screen.findByText('Two-step sign-in is on.')).toBeInTheDocument();
    expect(screen.getByText('Recovery codes left: 10')).toBeInTheDocument();
    expect(screen.queryByText(SETUP.secret)).toBeNull();
  });

  it('should say when two-step sign-in is required of this admin', async () => {
    mockEndpoint(endpoints.getTwoStep, { ...OFF, required: true });
    render(<AccountPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Two-step sign-in is required for admins: set it up here before using the rest of the app.',
    );
  });

  it('should turn the own two-step sign-in off with the password', async () => {
    const status = mockEndpoint(endpoints.getTwoStep, {
      enabled: true,
      recoveryCodesLeft: 7,
      required: false,
    });
    const turnOff = mockEndpoint(endpoints.turnOffTwoStep, { message: 'Two-step sign-in is off' });
    render(<AccountPage />);
    expect(await screen.findByText('Recovery codes left: 7')).toBeInTheDocument();
    status.answer(OFF);
    await userEvent.type(screen.getByLabelText('Password'), 'my-password-1');
    await userEvent.click(screen.getByRole('button', { name: 'Turn off two-step sign-in' }));
    await waitFor(() => expect(dialogs.alerts).toEqual(['Two-step sign-in is off']));
    expect(turnOff.calls[0]?.body).toEqual({ password: 'my-password-1' });
    expect(await screen.findByText('Two-step sign-in is off.')).toBeInTheDocument();
  });

  it('should change the own password and show a refused current password', async () => {
    mockEndpoint(endpoints.getTwoStep, OFF);
    const change = mockEndpoint(
      endpoints.changeOwnPassword,
      failWith(400, 'The current password is not right'),
    );
    render(<AccountPage />);
    await screen.findByText('Sam Staff');
    await userEvent.type(screen.getByLabelText('Current password'), 'wrong-one');
    await userEvent.type(screen.getByLabelText('New password'), 'a-new-password-1');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(dialogs.alerts).toEqual(['The current password is not right']));

    change.answer({ message: 'Password changed' });
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(dialogs.alerts).toEqual([
        'The current password is not right',
        'Password changed. Your other sessions were signed out.',
      ]),
    );
    expect(change.calls[1]?.body).toEqual({
      currentPassword: 'wrong-one',
      newPassword: 'a-new-password-1',
    });
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it('should refresh what its writes change: the sessions after a new password, the admins list after two-step', async () => {
    const status = mockEndpoint(endpoints.getTwoStep, {
      enabled: true,
      recoveryCodesLeft: 7,
      required: false,
    });
    mockEndpoint(endpoints.changeOwnPassword, { message: 'Password changed' });
    mockEndpoint(endpoints.turnOffTwoStep, { message: 'Two-step sign-in is off' });
    // Answers another screen of the page read before: cached, not on screen.
    for (const read of ['listSessions', 'listActivity', 'listTwoStepUsers'] as const)
      queryClient.setQueryData([read, {}], { cached: true });
    render(<AccountPage />);
    await screen.findByText('Sam Staff');

    await userEvent.type(screen.getByLabelText('Current password'), 'my-password-1');
    await userEvent.type(screen.getByLabelText('New password'), 'a-new-password-1');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(dialogs.alerts).toHaveLength(1));
    const stale = () =>
      (['listSessions', 'listActivity', 'listTwoStepUsers'] as const).filter(
        (read) => queryClient.getQueryState([read, {}])?.isInvalidated,
      );
    expect(stale()).toEqual(['listSessions', 'listActivity']);

    status.answer(OFF);
    await userEvent.type(screen.getByLabelText('Password'), 'my-password-1');
    await userEvent.click(screen.getByRole('button', { name: 'Turn off two-step sign-in' }));
    await waitFor(() => expect(dialogs.alerts).toHaveLength(2));
    expect(stale()).toEqual(['listSessions', 'listActivity', 'listTwoStepUsers']);
  });
});
