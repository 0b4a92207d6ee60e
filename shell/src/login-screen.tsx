// The signed-out page: the login form alone. Once it is on screen and the browser is idle, the
// signed-in shell's scripts are prefetched.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LoginPage } from 'shared-ui';
import { afterFirstFrameWhenIdle, prefetchSignedIn } from './prefetch-signed-in';

const container = document.getElementById('root');
if (!container) throw new Error('No #root element to mount into');
createRoot(container).render(
  <StrictMode>
    <LoginPage />
  </StrictMode>,
);
afterFirstFrameWhenIdle(prefetchSignedIn);
