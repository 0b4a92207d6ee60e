// The one session store of the browser. It lives in shared-ui, a federation singleton, so the
// shell and every remote read the same token (a store bundled twice silently becomes two stores).
import { create } from 'zustand';
import { page } from '../notify/page';

/** sessionStorage key of the session token (docs/product.md#records). */
export const TOKEN_KEY = 'token';

export interface SessionState {
  token: string | null;
  /** Stores the token and reloads, as a successful login does (docs/product.md#states). */
  signIn: (token: string) => void;
  /** Clears all session storage and reloads, which shows the login page. */
  signOut: () => void;
}

function readToken(): string | null {
  try {
    return window.sessionStorage.getItem(TOKEN_KEY);
  } catch {
    // Storage can be unavailable (privacy modes); treat it as signed out.
    return null;
  }
}

export const useSession = create<SessionState>()((set) => ({
  token: readToken(),
  signIn: (token) => {
    window.sessionStorage.setItem(TOKEN_KEY, token);
    set({ token });
    page.reload();
  },
  signOut: () => {
    window.sessionStorage.clear();
    set({ token: null });
    page.reload();
  },
}));

/** The current token outside React (the API client reads it on every call). */
export const getToken = (): string | null => useSession.getState().token;
