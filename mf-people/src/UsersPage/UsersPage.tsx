import type { RegisterUserBody, User } from 'contract/browser';
import { endpoints, messages } from 'shared-ui';
import { EMAIL_FIELD, NAME_FIELD, PeopleScreen, createPeopleConfig } from '../PeopleScreen';
import type { PersonField } from '../PeopleScreen';
import { TwoStepAction, TwoStepUsersProvider } from './TwoStepAction';

const fields: Array<PersonField<keyof RegisterUserBody>> = [
  NAME_FIELD,
  // The e-mail identifies the account: shown but not changed when editing (docs/product.md#validation).
  { ...EMAIL_FIELD, edit: 'readOnly' },
  {
    name: 'password',
    label: 'Password',
    kind: 'password',
    edit: 'optional',
    listed: false,
    editHint: 'Leave blank to keep the current password',
  },
  {
    name: 'role',
    label: 'Role',
    kind: 'select',
    initial: 'staff',
    options: [
      { value: 'staff', label: messages.roleStaff },
      { value: 'admin', label: messages.roleAdmin },
      // Reads and downloads everything, writes nothing (the server refuses it).
      { value: 'viewer', label: messages.roleViewer },
    ],
  },
];

export const usersConfig = {
  ...createPeopleConfig<User>({
    kind: 'User',
    title: 'Users',
    manageTab: 'Update User',
    fields,
    endpoints: {
      list: endpoints.listUsers,
      add: endpoints.registerUser,
      update: endpoints.updateUser,
      remove: endpoints.deleteUser,
    },
  }),
  RowAction: TwoStepAction,
};

/**
 * Users (docs/product.md#screens-and-routes): add, list, edit and delete the people who sign in; admins can also turn off
 * a user's two-step sign-in.
 */
export function UsersPage() {
  return (
    <TwoStepUsersProvider>
      <PeopleScreen config={usersConfig} />
    </TwoStepUsersProvider>
  );
}
