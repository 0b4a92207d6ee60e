import { screen } from '@testing-library/react';
import { TOKEN_KEY } from 'shared-ui';
import { MAIN_SCRIPT, START_TOKEN_KEY, start } from './start';
import { prefetchSignedIn, SIGNED_IN_SCRIPTS } from './prefetch-signed-in';

const mainScripts = () =>
  Array.from(document.head.querySelectorAll('script')).filter((script) =>
    script.src.endsWith(MAIN_SCRIPT),
  );

beforeEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '<div id="root"></div>';
  window.sessionStorage.clear();
});

test('the start script reads the token where shared-ui keeps it', () => {
  expect(START_TOKEN_KEY).toBe(TOKEN_KEY);
});

test('signed in, the start script hands over to the federated shell', () => {
  window.sessionStorage.setItem(TOKEN_KEY, 'a-token');
  start();
  expect(mainScripts()).toHaveLength(1);
  expect(screen.queryByRole('button', { name: 'Sign In' })).toBeNull();
});

test('signed out, the start script shows the login form and does not load the shell', async () => {
  start();
  expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  expect(screen.getByLabelText('Email')).toBeInTheDocument();
  expect(mainScripts()).toHaveLength(0);
});

test('the login screen prefetches every script the build lists for the signed-in shell', async () => {
  const fetchMock = jest.fn().mockResolvedValue({
    ok: true,
    json: async () => ({ scripts: ['/main.js', '/198.18ac4051.js'] }),
  });
  global.fetch = fetchMock;
  await prefetchSignedIn();
  expect(fetchMock).toHaveBeenCalledWith(SIGNED_IN_SCRIPTS, { cache: 'no-cache' });
  const hints = Array.from(document.head.querySelectorAll('link[rel="prefetch"]'));
  expect(hints.map((link) => link.getAttribute('href'))).toEqual(['/main.js', '/198.18ac4051.js']);
});

test('without the list, the login screen adds no hint and raises nothing', async () => {
  global.fetch = jest.fn().mockResolvedValue({ ok: false, json: async () => ({}) });
  await prefetchSignedIn();
  expect(document.head.querySelectorAll('link[rel="prefetch"]')).toHaveLength(0);
});
