// Logout as the spec and docs/architecture.md#security describe it: revoke the token on the server, then clear all
// session storage and reload. The local sign-out happens even when the server cannot be reached,
// so a user is never stuck signed in.
import { endpoints } from 'contract/browser';
import { call } from '../http/api-client';
import { useSession } from './session-store';

export async function logOut(): Promise<void> {
  try {
    await call(endpoints.logout);
  } catch {
    // Nothing to tell the user: the token is dropped below either way.
  } finally {
    useSession.getState().signOut();
  }
}
