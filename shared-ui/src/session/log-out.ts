// Logout as the spec and DESIGN §4 describe it: revoke the token on the server, then clear all
// session storage and reload. The local sign-out happens even when the server cannot be reached,
// so a user is never stuck signed in.
import { api } from '../http/api-client';
import { useSession } from './session-store';

const LOGOUT_MESSAGES = { failure: 'Logout failed', error: 'Logout failed' };

export async function logOut(): Promise<void> {
  try {
    await api.post('/users/logout', undefined, LOGOUT_MESSAGES);
  } catch {
    // Nothing to tell the user: the token is dropped below either way.
  } finally {
    useSession.getState().signOut();
  }
}
