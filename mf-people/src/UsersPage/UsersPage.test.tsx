// What only the Users screen does: the role select, the edit rules for e-mail and password
// (docs/product.md#validation), and the server's refusal for anyone who is not an admin (docs/architecture.md#security).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axeViolations, endpoints, failWith, mockEndpoint } from 'shared-ui/testing';
import { renderPage, mockPeopleEndpoints } from '../testing/people-test-utils';
import { UsersPage, usersConfig } from './UsersPage';

const ASHA = { id: 1, name: 'Asha Rao', email: 'asha@example.com', role: 'admin' };
const BILAL = { id: 2, name: 'Bilal Khan', email: 'bilal@example.com', role: 'staff' };
const ADMINS_ONLY = failWith(403, 'Only admins can manage users');

const spies = mockPeopleEndpoints(usersConfig.endpoints, () => [ASHA, BILAL]);

async function openEdit(name = 'Asha Rao') {
  await renderPage(<UsersPage />);
  await userEvent.click(screen.getByRole('tab', { name: 'Update User' }));
  const row = await screen.findByRole('row', { name: new RegExp(name) });
  await userEvent.click(within(row).getByRole('button', { name: 'Edit' }));
  return within(screen.getByRole('dialog', { name: 'Edit User' }));
}

async function fillAddForm() {
  await userEvent.type(screen.getByLabelText('Name'), 'Chen Li');
  await userEvent.type(screen.getByLabelText('Email'), 'chen@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'correct horse');
}

describe('UsersPage', () => {
  it('should ask for an e-mail address, a hidden password and a role that defaults to staff', async () => {
    await renderPage(<UsersPage />);
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    const role = screen.getByRole('combobox', { name: 'Role' });
    expect(role).toHaveValue('staff');
    expect(
      within(role)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Staff', 'Admin', 'Viewer (read only)']);
  });

  it('should add a read-only viewer when Viewer is chosen', async () => {
    await renderPage(<UsersPage />);
    await fillAddForm();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'viewer');
    await userEvent.click(screen.getByRole('button', { name: 'Add User' }));
    await waitFor(() =>
      expect(spies.add.calls.map((call) => call.body)).toEqual([
        { name: 'Chen Li', email: 'chen@example.com', password: 'correct horse', role: 'viewer' },
      ]),
    );
  });

  it('should add an admin when Admin is chosen', async () => {
    await renderPage(<UsersPage />);
    await fillAddForm();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'admin');
    await userEvent.click(screen.getByRole('button', { name: 'Add User' }));
    await waitFor(() =>
      expect(spies.add.calls.map((call) => call.body)).toEqual([
        { name: 'Chen Li', email: 'chen@example.com', password: 'correct horse', role: 'admin' },
      ]),
    );
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Role' })).toHaveValue('staff'),
    );
  });

  it('should list each user with the role', async () => {
    await renderPage(<UsersPage />);
    await userEvent.click(screen.getByRole('tab', { name: 'Update User' }));
    const row = within(await screen.findByRole('row', { name: /Bilal Khan/ }));
    expect(row.getByRole('cell', { name: 'Staff' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Role' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Password' })).not.toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  describe('the edit modal', () => {
    it('should show the e-mail read-only and an empty, optional password', async () => {
      const dialog = await openEdit();
      expect(dialog.getByLabelText('Email')).toHaveAttribute('readonly');
      expect(dialog.getByLabelText('Password')).toHaveValue('');
      expect(dialog.getByRole('combobox', { name: 'Role' })).toHaveValue('admin');
      expect(dialog.getByText('Leave blank to keep the current password')).toBeInTheDocument();
    });

    it('should make a user a viewer, and show the role in the list', async () => {
      const dialog = await openEdit('Bilal Khan');
      const role = dialog.getByRole('combobox', { name: 'Role' });
      expect(
        within(role)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Staff', 'Admin', 'Viewer (read only)']);
      await userEvent.selectOptions(role, 'viewer');
      spies.list.answer({ users: [ASHA, { ...BILAL, role: 'viewer' }] } as never);
      await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(spies.update.calls).toHaveLength(1));
      expect(spies.update.calls[0]?.body).toMatchObject({ role: 'viewer' });
      const row = within(await screen.findByRole('row', { name: /Viewer \(read only\)/ }));
      expect(row.getByRole('cell', { name: 'Bilal Khan' })).toBeInTheDocument();
    });

    it('should not change the e-mail when typed into', async () => {
      const dialog = await openEdit();
      await userEvent.type(dialog.getByLabelText('Email'), 'x');
      expect(dialog.getByLabelText('Email')).toHaveValue('asha@example.com');
    });

    it('should leave the password out when none was typed', async () => {
      const dialog = await openEdit('Bilal Khan');
      await userEvent.selectOptions(dialog.getByRole('combobox', { name: 'Role' }), 'admin');
      await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(spies.update.calls).toHaveLength(1));
      expect(spies.update.calls[0]).toMatchObject({
        params: { id: '2' },
        body: { name: 'Bilal Khan', email: 'bilal@example.com', role: 'admin' },
      });
      expect(spies.update.calls[0]?.body).not.toHaveProperty('password');
    });

    it('should send the password exactly as typed when one was', async () => {
      const dialog = await openEdit();
      await userEvent.type(dialog.getByLabelText('Password'), ' new secret ');
      await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(spies.update.calls).toHaveLength(1));
      expect(spies.update.calls[0]).toMatchObject({
        params: { id: '1' },
        body: {
          name: 'Asha Rao',
          email: 'asha@example.com',
          password: ' new secret ',
          role: 'admin',
        },
      });
      await waitFor(() => expect(spies.dialogs.alerts).toContain('User updated successfully!'));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
  });

  describe('for a staff user, whom the server refuses', () => {
    it('should alert the 403 message on add and keep the form', async () => {
      spies.add.once(ADMINS_ONLY);
      await renderPage(<UsersPage />);
      await fillAddForm();
      await userEvent.click(screen.getByRole('button', { name: 'Add User' }));
      await waitFor(() => expect(spies.dialogs.alerts).toContain('Only admins can manage users'));
      expect(screen.getByLabelText('Name')).toHaveValue('Chen Li');
      expect(spies.list.calls).toHaveLength(1);
    });

    it('should alert the 403 message on save and leave the list as it was', async () => {
      spies.update.once(ADMINS_ONLY);
      const dialog = await openEdit();
      await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(spies.dialogs.alerts).toContain('Only admins can manage users'));
      await userEvent.click(dialog.getByRole('button', { name: 'Close' }));
      expect(screen.getAllByRole('button', { name: 'Edit' })).toHaveLength(2);
      expect(spies.list.calls).toHaveLength(1);
    });

    it('should alert the 403 message on delete and keep the row', async () => {
      spies.remove.once(ADMINS_ONLY);
      await renderPage(<UsersPage />);
      await userEvent.click(screen.getByRole('tab', { name: 'Update User' }));
      const row = await screen.findByRole('row', { name: /Asha Rao/ });
      await userEvent.click(within(row).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(spies.dialogs.alerts).toContain('Only admins can manage users'));
      expect(screen.getByRole('cell', { name: 'Asha Rao' })).toBeInTheDocument();
      expect(spies.list.calls).toHaveLength(1);
    });
  });

  describe("turning off a user's two-step sign-in", () => {
    it('should offer the action only on the rows of users who have it on, and turn it off after confirming', async () => {
      spies.twoStepUsers.answer({ userIds: [2] });
      const turnOff = mockEndpoint(endpoints.turnOffUserTwoStep, {
        message: 'Two-step sign-in is off',
      });
      await renderPage(<UsersPage />);
      await userEvent.click(screen.getByRole('tab', { name: 'Update User' }));
      const bilal = await screen.findByRole('row', { name: /Bilal Khan/ });
      const action = await within(bilal).findByRole('button', {
        name: 'Turn off two-step sign-in',
      });
      const asha = screen.getByRole('row', { name: /Asha Rao/ });
      expect(within(asha).queryByRole('button', { name: 'Turn off two-step sign-in' })).toBeNull();

      spies.twoStepUsers.answer({ userIds: [] });
      await userEvent.click(action);
      expect(spies.dialogs.confirms).toEqual([
        "Turn off this user's two-step sign-in? They will sign in with their password alone until they set it up again.",
      ]);
      await waitFor(() => expect(spies.dialogs.alerts).toEqual(['Two-step sign-in is off']));
      expect(turnOff.calls.map((call) => call.params)).toEqual([{ id: '2' }]);
      await waitFor(() =>
        expect(
          within(bilal).queryByRole('button', { name: 'Turn off two-step sign-in' }),
        ).toBeNull(),
      );
    });

    it('should show the action to nobody when the list is refused (not an admin)', async () => {
      spies.twoStepUsers.answer(failWith(403, 'Only admins can manage users'));
      await renderPage(<UsersPage />);
      await userEvent.click(screen.getByRole('tab', { name: 'Update User' }));
      await screen.findByRole('row', { name: /Bilal Khan/ });
      await waitFor(() => expect(spies.twoStepUsers.calls).toHaveLength(1));
      expect(screen.queryByRole('button', { name: 'Turn off two-step sign-in' })).toBeNull();
    });
  });
});
