// The first script of every shell page, built without module federation (`start` in
// webpack/create-config.mjs). Signed out, it shows the login page and nothing more: React and
// the form, no federation runtime, router or signed-in code. Signed in, it hands over to
// main.js, the signed-in shell. Sign-in and logout both reload the page, so a page never needs
// both. It reads the token itself: importing shared-ui here would put the whole design system
// and its styles in front of the signed-in shell.

import { signedInFiles } from './prefetch-signed-in';

/** shared-ui's TOKEN_KEY (the session token's sessionStorage key); a test keeps them equal. */
export const START_TOKEN_KEY = 'token';
/**
 * The signed-in shell's entry where the page has no list of its files (a development build's is
 * named so; a production build's is content-hashed and listed in index.html).
 */
export const MAIN_SCRIPT = '/main.js';

/** The stored session token; unavailable storage counts as signed out, as in shared-ui. */
function readToken(): string | null {
  try {
    return window.sessionStorage.getItem(START_TOKEN_KEY);
  } catch {
    return null;
  }
}

/**
 * shared-ui's EARLY_ANSWERS_KEY (http/early-answers.ts): where the page leaves the answers it asked
 * for before the signed-in code loaded. A test checks that shared-ui takes them.
 */
const START_EARLY_ANSWERS_KEY = '__officeFinanceEarlyAnswers';

const pad = (value: number) => String(value).padStart(2, '0');
const isoDay = (day: Date) =>
  `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;

/**
 * The dashboard's first two reads as its code asks them (shell/src/Dashboard/dashboard-calls.ts):
 * the head-counts, and the totals of this month in the browser's time zone. Written out here, not
 * imported: shared-ui's dates and the contract's table would bring their modules in front of the
 * login form. A test compares them with the contract's paths and shared-ui's month.
 */
export function dashboardFirstReads(today: Date = new Date()): string[] {
  const from = isoDay(new Date(today.getFullYear(), today.getMonth(), 1));
  const to = isoDay(new Date(today.getFullYear(), today.getMonth() + 1, 0));
  // The one place an app writes API paths: this script runs before shared-ui's client loads.
  // eslint-disable-next-line no-restricted-syntax
  return ['/api/dashboard/totals', `/api/dashboard/finance?from=${from}&to=${to}`];
}

/**
 * Sign-in reloads the page at `/`: the dashboard's figures are asked for at once, so that they
 * travel while main.js and its chunks are read and run, and shared-ui's client takes the answers
 * (a failed one it asks again). Elsewhere nothing is asked.
 */
function askDashboardEarly(token: string): void {
  if (window.location.pathname !== '/') return;
  const headers = { Accept: 'application/json', Authorization: `Bearer ${token}` };
  const answers = new Map<string, Promise<Response | undefined>>();
  const ask = async (url: string) => fetch(url, { headers }).catch(() => undefined);
  for (const url of dashboardFirstReads()) answers.set(`GET ${url}`, ask(url));
  (window as unknown as Record<string, unknown>)[START_EARLY_ANSWERS_KEY] = answers;
}

/**
 * Puts in the page main.js and the chunks it asks for first, together: each runs when it arrives
 * (a chunk that comes before main.js waits in webpack's chunk list, which main.js reads when it
 * starts). Absolute addresses, as webpack's loader writes them, so that it finds these elements
 * and does not ask again.
 */
function loadSignedInShell(): void {
  const listed = signedInFiles()?.first ?? [];
  for (const file of listed.length > 0 ? listed : [MAIN_SCRIPT]) {
    const script = document.createElement('script');
    script.src = new URL(file, window.location.href).href;
    document.head.appendChild(script);
  }
}

export function start(): void {
  const token = readToken();
  if (token) {
    askDashboardEarly(token);
    loadSignedInShell();
  } else {
    void import('./login-screen');
  }
}
