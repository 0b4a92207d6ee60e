import { screen, waitFor } from '@testing-library/react';
import { mockEndpoint } from 'shared-ui/testing';
import { endpointPath, queryString } from 'contract/browser';
import { currentMonthRange, endpoints, TOKEN_KEY } from 'shared-ui';
import { dashboardFirstReads, MAIN_SCRIPT, START_TOKEN_KEY, start } from './start';
import {
  prefetchSignedIn,
  SIGNED_IN_CODE_ATTRIBUTE,
  SIGNED_IN_FILES_ID,
  warmSignedIn,
} from './prefetch-signed-in';

const mainScripts = () =>
  Array.from(document.head.querySelectorAll('script')).filter((script) =>
    script.src.endsWith(MAIN_SCRIPT),
  );

beforeEach(() => {
  document.documentElement.removeAttribute(SIGNED_IN_CODE_ATTRIBUTE);
  document.head.innerHTML = '';
  document.body.innerHTML = '<div id="root"></div>';
  window.sessionStorage.clear();
});

test('the start script reads the token where shared-ui keeps it', () => {
  expect(START_TOKEN_KEY).toBe(TOKEN_KEY);
});

test("the start script asks the dashboard's first reads as the dashboard does", () => {
  // Month ends, a leap day, the turn of a year, in the browser's time zone.
  for (const today of [
    new Date(2024, 1, 29, 23, 59),
    new Date(2025, 11, 31, 0, 0),
    new Date(2026, 0, 1, 12),
    new Date(2026, 3, 30, 8),
  ]) {
    expect(dashboardFirstReads(today)).toEqual([
      `/api${endpointPath(endpoints.getTotals)}`,
      `/api${endpointPath(endpoints.getFinance)}${queryString({ ...currentMonthRange(today) })}`,
    ]);
  }
});

/** A session in the page at `/`, and answers to the two reads the start script asks there. */
function signedInAtRoot() {
  const totals = mockEndpoint(endpoints.getTotals, { admins: 1, employees: 0, clients: 0 });
  const finance = mockEndpoint(endpoints.getFinance, { income: 0, salary: 0, expense: 0 });
  window.sessionStorage.setItem(TOKEN_KEY, 'a-token');
  return { totals, finance };
}

test('signed in, the start script hands over to the signed-in shell', async () => {
  const { totals, finance } = signedInAtRoot();
  start();
  expect(mainScripts()).toHaveLength(1);
  // At / it has asked the dashboard's figures (Dashboard.test.tsx: the shell takes them).
  await waitFor(() => expect(totals.calls.length + finance.calls.length).toBe(2));
  expect(screen.queryByRole('button', { name: 'Sign In' })).toBeNull();
});

test('signed out, the start script shows the login form and does not load the shell', async () => {
  start();
  expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  expect(screen.getByLabelText('Email')).toBeInTheDocument();
  expect(mainScripts()).toHaveLength(0);
  // At idle it readies the signed-in shell (here there is no list: nothing to fetch or run).
  await waitFor(() =>
    expect(document.documentElement.getAttribute(SIGNED_IN_CODE_ATTRIBUTE)).toBe('ready'),
  );
});

/** index.html's list, as the build writes it. */
function writeList(text: string) {
  const list = document.createElement('script');
  list.type = 'application/json';
  list.id = SIGNED_IN_FILES_ID;
  list.textContent = text;
  document.head.appendChild(list);
}

const hints = () =>
  Array.from(document.head.querySelectorAll('link[rel="prefetch"]')).map((link) => [
    link.getAttribute('href'),
    link.getAttribute('as'),
  ]);

test('the login screen prefetches every script and style sheet the page lists for the signed-in shell', () => {
  writeList(
    JSON.stringify({ scripts: ['/main.js', '/198.18ac4051.js'], styles: ['/762.7537d66f.css'] }),
  );
  prefetchSignedIn();
  expect(hints()).toEqual([
    ['/main.js', 'script'],
    ['/198.18ac4051.js', 'script'],
    ['/762.7537d66f.css', 'style'],
  ]);
});

test('the chunks it runs ahead are not also prefetched: they would be fetched twice', () => {
  writeList(
    JSON.stringify({
      scripts: ['/main.0a1b2c3d.js', '/470.ea994128.js', '/65.669a3d96.js'],
      styles: ['/708.8392ad24.css'],
      first: ['/main.0a1b2c3d.js', '/470.ea994128.js'],
      warm: ['/470.ea994128.js'],
    }),
  );
  prefetchSignedIn();
  expect(hints()).toEqual([
    ['/main.0a1b2c3d.js', 'script'],
    ['/65.669a3d96.js', 'script'],
    ['/708.8392ad24.css', 'style'],
  ]);
});

/**
 * Every script the page is given from now on, in order; each is answered as the browser would
 * (`load`, or `error` for the paths in `failing`) once it is in the page.
 */
function answerScripts(failing: string[] = []) {
  const given: string[] = [];
  const observer = new MutationObserver((records) => {
    for (const node of records.flatMap((record) => [...record.addedNodes])) {
      if (!(node instanceof HTMLScriptElement) || !node.src) continue;
      const src = new URL(node.src).pathname;
      given.push(src);
      node.dispatchEvent(new Event(failing.includes(src) ? 'error' : 'load'));
    }
  });
  observer.observe(document.head, { childList: true });
  return { given, stop: () => observer.disconnect() };
}

test('the login screen runs the chunks listed to run ahead twice, never main.js, then says so', async () => {
  writeList(
    JSON.stringify({
      scripts: ['/main.0a1b2c3d.js', '/172.59b117ed.js', '/470.ea994128.js'],
      styles: [],
      first: ['/main.0a1b2c3d.js', '/172.59b117ed.js', '/470.ea994128.js'],
      warm: ['/172.59b117ed.js', '/470.ea994128.js', '//elsewhere.example/x.js'],
    }),
  );
  const scripts = answerScripts(['/470.ea994128.js']);
  await warmSignedIn();
  scripts.stop();
  // A chunk that failed to load (a deploy in between) does not stop the rest; another host's
  // path is not taken from the list.
  expect(scripts.given).toEqual([
    '/172.59b117ed.js',
    '/470.ea994128.js',
    '/172.59b117ed.js',
    '/470.ea994128.js',
  ]);
  expect(document.documentElement.getAttribute(SIGNED_IN_CODE_ATTRIBUTE)).toBe('ready');
  // Each script element goes once it has run: the page keeps none of them.
  expect(document.head.querySelectorAll('script[src]')).toHaveLength(0);
});

test('with nothing listed to run ahead, the login screen runs nothing and is ready at once', async () => {
  for (const text of ['not json', JSON.stringify({ scripts: ['/main.js'], styles: [] })]) {
    document.head.innerHTML = '';
    document.documentElement.removeAttribute(SIGNED_IN_CODE_ATTRIBUTE);
    writeList(text);
    const scripts = answerScripts();
    await warmSignedIn();
    scripts.stop();
    expect(scripts.given).toEqual([]);
    expect(document.documentElement.getAttribute(SIGNED_IN_CODE_ATTRIBUTE)).toBe('ready');
  }
});

test('without a readable list, the login screen adds no hint and raises nothing', () => {
  prefetchSignedIn();
  expect(hints()).toHaveLength(0);
  for (const text of [
    '',
    'not json',
    'null',
    '{"scripts":"/main.js"}',
    '{"scripts":[1, "x.js"]}',
  ]) {
    document.head.innerHTML = '';
    writeList(text);
    prefetchSignedIn();
    expect(hints()).toHaveLength(0);
  }
});

const pageScripts = () =>
  Array.from(document.head.querySelectorAll('script[src]')).map((script) =>
    script.getAttribute('src'),
  );

test('signed in, the start script puts main.js and the chunks it runs first in the page at once', async () => {
  const { totals } = signedInAtRoot();
  writeList(
    JSON.stringify({
      scripts: ['/main.0a1b2c3d.js', '/967.db865ac8.js', '/65.669a3d96.js'],
      styles: ['/708.8392ad24.css'],
      first: ['/main.0a1b2c3d.js', '/967.db865ac8.js', '//elsewhere.example/x.js'],
    }),
  );
  start();
  // Written as webpack's chunk loader writes them, so that it finds them and asks nothing again;
  // a path to another host is not taken from the list.
  expect(pageScripts()).toEqual([
    `${window.location.origin}/main.0a1b2c3d.js`,
    `${window.location.origin}/967.db865ac8.js`,
  ]);
  await waitFor(() => expect(totals.calls).toHaveLength(1));
});

test('signed in on a page whose list names no first scripts, the start script loads main.js', async () => {
  const { totals } = signedInAtRoot();
  writeList(JSON.stringify({ scripts: ['/main.js'], styles: [] }));
  start();
  expect(pageScripts()).toEqual([`${window.location.origin}/main.js`]);
  await waitFor(() => expect(totals.calls).toHaveLength(1));
});
