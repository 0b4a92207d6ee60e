// The catalogue's texts of signing in, users, the read-only role, one's own account and two-step
// sign-in, and the security settings (docs/product.md#messages).
// Pure data: messages.ts assembles the catalogue from these, in its order.

export const loginMessages = {
  // Login
  fillAllFields: 'Please fill all fields',
  invalidCredentials: 'Invalid credentials',
  somethingWentWrong: 'Something went wrong. Please try again.',
} as const;

export const userMessages = {
  // Users
  userAdded: 'User added successfully!',
  userUpdated: 'User updated successfully!',
  userDeleted: 'User deleted successfully!',
  failedFetchUsers: 'Failed to fetch users',
  failedAddUser: 'Failed to add user',
  failedUpdateUser: 'Failed to update user',
  failedDeleteUser: 'Failed to delete user',
  errorFetchingUsers: 'Error fetching users',
  errorAddingUser: 'Error adding user',
  errorUpdatingUser: 'Error updating user',
  errorDeletingUser: 'Error deleting user',
  confirmDeleteUser: 'Are you sure you want to delete this user?',
  // Not in the spec: beside the name of a deleted user wherever history shows them.
  formerUser: '(former user)',
} as const;

export const viewerMessages = {
  // The read-only role (not in the spec: the third release's viewer)
  roleStaff: 'Staff',
  roleAdmin: 'Admin',
  roleViewer: 'Viewer (read only)',
  readOnlyForm:
    'Your account can only view. Entries are recorded by staff and admins; the Journal and the reports show every entry.',
} as const;

export const ownAccountMessages = {
  // My account and two-step sign-in (not in the spec: the third release)
  myAccount: 'My account',
  accountName: 'Name',
  accountEmail: 'Email',
  accountRole: 'Role',
  changePassword: 'Change password',
  currentPassword: 'Current password',
  newPassword: 'New password',
  passwordChanged: 'Password changed. Your other sessions were signed out.',
  failedChangePassword: 'Failed to change the password',
  errorChangingPassword: 'Error changing the password',
  twoStepTitle: 'Two-step sign-in',
  twoStepIsOn: 'Two-step sign-in is on.',
  twoStepIsOff: 'Two-step sign-in is off.',
  /** Followed by the number left. */
  recoveryCodesLeft: 'Recovery codes left:',
  setUpTwoStep: 'Set up two-step sign-in',
  secretKey: 'Secret key',
  qrCode: 'QR code for your authenticator app',
  scanOrType:
    'Scan the QR code with your authenticator app, or type the secret key into it, then enter the code it shows.',
  code: 'Code',
} as const;

export const loginCodeMessages = {
  // The code step of the login page; the API answers with these too.
  codeRequired: 'Enter the code from your authenticator app',
  challengeExpired: 'This sign-in has expired, please sign in again',
  turnOn: 'Turn on',
  turningOn: 'Turning on...',
  verify: 'Verify',
  verifying: 'Verifying...',
  enterCode: 'Enter the code from your authenticator app or a recovery code',
  recoveryCodesTitle: 'Recovery codes',
  recoveryCodesOnce:
    'Keep these codes somewhere safe. Each signs you in once without your phone. They are shown only now.',
  turnOffOwnTwoStep: 'Turn off two-step sign-in',
  confirmPasswordToTurnOff: 'Enter your password to turn off two-step sign-in',
  twoStepSetupRequired:
    'Two-step sign-in is required for admins: set it up here before using the rest of the app.',
  failedLoadTwoStep: 'Failed to load two-step sign-in',
  errorLoadingTwoStep: 'Error loading two-step sign-in',
  failedSetUpTwoStep: 'Failed to set up two-step sign-in',
  errorSettingUpTwoStep: 'Error setting up two-step sign-in',
  failedTurnOnTwoStep: 'Failed to turn on two-step sign-in',
  errorTurningOnTwoStep: 'Error turning on two-step sign-in',
  failedTurnOffTwoStep: 'Failed to turn off two-step sign-in',
  errorTurningOffTwoStep: 'Error turning off two-step sign-in',
  failedVerifyCode: 'Failed to verify the code',
} as const;

export const usersScreenMessages = {
  // Users screen (admins)
  turnOffUserTwoStep: 'Turn off two-step sign-in',
  confirmTurnOffUserTwoStep:
    "Turn off this user's two-step sign-in? They will sign in with their password alone until they set it up again.",
} as const;

export const securityMessages = {
  // Settings: Security tab (admins)
  securityTab: 'Security',
  requireTwoStepForAdmins: 'Require two-step sign-in for every admin',
  securitySaved: 'Security settings saved',
  failedLoadSecurity: 'Failed to load the security settings',
  errorLoadingSecurity: 'Error loading the security settings',
  failedSaveSecurity: 'Failed to save the security settings',
  errorSavingSecurity: 'Error saving the security settings',
} as const;
