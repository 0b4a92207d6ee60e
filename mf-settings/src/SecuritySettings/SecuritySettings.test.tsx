import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  axeViolations,
  collectDialogs,
  endpoints,
  failWith,
  mockCurrentUser,
  mockEndpoint,
  type Dialogs,
  render,
} from 'shared-ui/testing';
import { SecuritySettings } from './SecuritySettings';

describe('SecuritySettings', () => {
  let dialogs: Dialogs;
  beforeEach(() => {
    dialogs = collectDialogs();
  });

  it('should let an admin require two-step sign-in of every admin', async () => {
    mockEndpoint(endpoints.getSecuritySettings, { requireTwoStepForAdmins: false });
    mockCurrentUser('admin');
    const save = mockEndpoint(
      endpoints.saveSecuritySettings,
      failWith(409, 'Turn on your own two-step sign-in before requiring it of every admin'),
    );
    render(<SecuritySettings />);
    const toggle = await screen.findByRole('switch', {
      name: 'Require two-step sign-in for every admin',
    });
    expect(toggle).not.toBeChecked();

    await userEvent.click(toggle);
    await waitFor(() =>
      expect(dialogs.alerts).toEqual([
        'Turn on your own two-step sign-in before requiring it of every admin',
      ]),
    );
    expect(toggle).not.toBeChecked();

    save.answer({ requireTwoStepForAdmins: true });
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(save.calls.map((call) => call.body)).toEqual([
      { requireTwoStepForAdmins: true },
      { requireTwoStepForAdmins: true },
    ]);
    expect(dialogs.alerts.at(-1)).toBe('Security settings saved');
    expect(await axeViolations()).toEqual([]);
  });

  it('should show the setting to others without letting them change it', async () => {
    mockEndpoint(endpoints.getSecuritySettings, { requireTwoStepForAdmins: true });
    mockCurrentUser('staff');
    render(<SecuritySettings />);
    const toggle = await screen.findByRole('switch', {
      name: 'Require two-step sign-in for every admin',
    });
    expect(toggle).toBeChecked();
    expect(toggle).toBeDisabled();
  });
});
