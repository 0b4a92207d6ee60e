// Who is signed in, asked of the server once per page and shared by the shell and every remote:
// it is the page's cached answer of `GET /api/sessions/current` (shared-ui's one cache, itself in
// this federation singleton). The screens use it to leave out what the user's role cannot do (the
// admins' links, every write for a read-only viewer); the server refuses those calls whatever a
// screen shows. Reading the endpoint again anywhere (the account screen after a change) updates
// every screen that shows it.
import { canWrite, endpoints, type User } from 'contract/browser';
import { useApiQuery } from '../data/api-query';
import { queryClient } from '../data/query-client';
import { useSession } from './session-store';

export interface CurrentUserState {
  /** The signed-in user, once the server has said; undefined before, and when it could not. */
  user: User | undefined;
  /** True once the server has answered, or failed to. */
  settled: boolean;
  /** An admin whom the admins' setting requires to set up two-step sign-in first. */
  twoStepSetupRequired: boolean;
}

/** Asks the server again (after the user changed their own account), keeping the old answer meanwhile. */
export function refreshCurrentUser(): void {
  void queryClient.invalidateQueries({ queryKey: ['getCurrentUser'] });
}

/** The signed-in user; the first component that asks starts the one request of the page. */
export function useCurrentUser(): CurrentUserState {
  const token = useSession((state) => state.token);
  const answer = useApiQuery(endpoints.getCurrentUser, undefined, {
    enabled: Boolean(token),
    // A screen that cannot tell shows what it shows staff; the server still decides.
    onError: 'quiet',
    // Once per page: sign-in and logout reload it. Asked again only when told (refetch, refresh).
    staleTime: Infinity,
  });
  if (!token) return { user: undefined, settled: false, twoStepSetupRequired: false };
  return {
    user: answer.data?.user,
    settled: answer.isSuccess || answer.isError,
    twoStepSetupRequired: answer.data?.twoStepSetupRequired === true,
  };
}
/**
 * Whether the screens offer writes (adding, editing, deleting, recording, reversing): false for
 * a read-only viewer, undefined until the server has answered. When it could not answer, true:
 * the server refuses a viewer's writes anyway.
 */
export function useCanWrite(): boolean | undefined {
  const { user, settled } = useCurrentUser();
  if (!settled) return undefined;
  return user ? canWrite(user.role) : true;
}

/**
 * Whether the signed-in user is an admin: false until the server has said so (the admins' links
 * and controls appear once it has). The server refuses an admin's calls to anyone else anyway.
 */
export function useIsAdmin(): boolean {
  return useCurrentUser().user?.role === 'admin';
}
