import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { getToken, LoadingScreen, LoginPage } from 'shared-ui';

const container = document.getElementById('root');
if (!container) throw new Error('No #root element to mount into');
const root = createRoot(container);
const show = (node: ReactNode) => root.render(<StrictMode>{node}</StrictMode>);

// Signed out, every path is the login page and nothing else is needed. Signed in, the loading
// screen shows while the rest of the shell loads (sign-in and logout both reload the page).
if (!getToken()) {
  show(<LoginPage />);
} else {
  show(<LoadingScreen />);
  void import('./signed-in').then(({ SignedInApp }) => show(<SignedInApp />));
}
