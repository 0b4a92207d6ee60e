import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { getToken, LoginPage } from 'shared-ui';
import { SignedInApp } from './signed-in';

/**
 * Mounts the shell (index.ts calls it once the dashboard's first calls, if any, have started). The page's start script (start.ts) loads main.js only when
 * signed in, and shows the login page itself otherwise; were main.js loaded signed out, every
 * path is still the login page (sign-in and logout both reload the page).
 */
export function run(): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('No #root element to mount into');
  createRoot(container).render(
    <StrictMode>{getToken() ? <SignedInApp /> : <LoginPage />}</StrictMode>,
  );
}
