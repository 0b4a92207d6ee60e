// Who is signed in, asked of the server once per page and session token, and shared by the shell
// and every remote: shared-ui is a federation singleton, so this store exists once in the browser.
// The screens use it to leave out what the user's role cannot do (the admins' links, every write
// for a read-only viewer); the server refuses those calls whatever a screen shows.
import { useEffect } from 'react';
import { create } from 'zustand';
import { canWrite, endpoints, type User } from 'contract';
import { call } from '../http/api-client';
import { useSession } from './session-store';

export interface CurrentUserState {
  /** The signed-in user, once the server has said; undefined before, and when it could not. */
  user: User | undefined;
  /** True once the server has answered, or failed to. */
  settled: boolean;
  /** An admin whom the admins' setting requires to set up two-step sign-in first. */
  twoStepSetupRequired: boolean;
}

interface Answer extends CurrentUserState {
  /** The session token the answer is for. */
  token: string | null;
}

const NOT_YET: Answer = {
  token: null,
  user: undefined,
  settled: false,
  twoStepSetupRequired: false,
};
const useAnswer = create<Answer>()(() => NOT_YET);

/** Asks the server who holds `token`, unless it was asked already. */
function ask(token: string, again = false): void {
  if (!again && useAnswer.getState().token === token) return;
  if (!again) useAnswer.setState({ ...NOT_YET, token });
  const settle = (user: User | undefined, twoStepSetupRequired = false) => {
    if (useAnswer.getState().token === token)
      useAnswer.setState({ user, settled: true, twoStepSetupRequired });
  };
  call(endpoints.getCurrentUser).then(
    (answer) => settle(answer.user, answer.twoStepSetupRequired === true),
    // A screen that cannot tell shows what it shows staff; the server still decides.
    () => settle(undefined),
  );
}

/** Asks the server again (after the user changed their own account), keeping the old answer meanwhile. */
export function refreshCurrentUser(): void {
  const { token } = useAnswer.getState();
  if (token) ask(token, true);
}

/** The signed-in user; the first component that asks starts the one request of the page. */
export function useCurrentUser(): CurrentUserState {
  const token = useSession((state) => state.token);
  const answer = useAnswer();
  useEffect(() => {
    if (token) ask(token);
  }, [token]);
  return token && answer.token === token
    ? {
        user: answer.user,
        settled: answer.settled,
        twoStepSetupRequired: answer.twoStepSetupRequired,
      }
    : { user: undefined, settled: false, twoStepSetupRequired: false };
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

/** Forgets the answer, so the next screen asks again (tests, between renders of one page). */
export function forgetCurrentUser(): void {
  useAnswer.setState(NOT_YET);
}
