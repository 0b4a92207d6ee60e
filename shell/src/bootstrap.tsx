import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { currentMonthRange, getToken, LoadingScreen, LoginPage } from 'shared-ui';
import { startDashboardCalls } from './Dashboard/dashboard-calls';

const container = document.getElementById('root');
if (!container) throw new Error('No #root element to mount into');
const root = createRoot(container);
const show = (node: ReactNode) => root.render(<StrictMode>{node}</StrictMode>);

// The page's start script (start.ts) loads main.js only when signed in; were it loaded signed out,
// every path is still the login page. Signed in, the loading screen shows while the rest of the
// shell loads (sign-in and logout both reload the page).
if (!getToken()) {
  show(<LoginPage />);
} else {
  show(<LoadingScreen />);
  // Sign-in reloads the page at `/`: the dashboard's figures are asked for now, beside the
  // signed-in code, rather than after it has loaded and rendered.
  if (window.location.pathname === '/') startDashboardCalls(currentMonthRange());
  void import(/* webpackPrefetch: true */ './signed-in').then(({ SignedInApp }) =>
    show(<SignedInApp />),
  );
}
