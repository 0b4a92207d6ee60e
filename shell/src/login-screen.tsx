// The signed-out page: the login form alone. Once it is on screen and the browser is idle, the
// signed-in shell's scripts are prefetched and its first chunks run ahead (prefetch-signed-in.ts).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LoginPage } from 'shared-ui';
import { afterFirstFrameWhenIdle, readySignedIn } from './prefetch-signed-in';

const container = document.getElementById('root');
if (!container) throw new Error('No #root element to mount into');
createRoot(container).render(
  <StrictMode>
    <LoginPage />
  </StrictMode>,
);
afterFirstFrameWhenIdle(readySignedIn);
