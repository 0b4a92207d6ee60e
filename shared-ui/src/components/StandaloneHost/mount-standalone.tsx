// Mounting is kept apart from the host so that shared-ui's main module never imports the router:
// shared-ui is a federation singleton, shared whole, and the shell's login screen must not pay
// for react-router. The host, router included, loads only when a remote runs standalone.
import { StrictMode } from 'react';
import type { StandaloneHostProps } from './StandaloneHost';

/** Mounts the standalone host into `#root`; a remote's bootstrap is this one call. */
export function mountStandalone(props: StandaloneHostProps): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('No #root element to mount into');
  void Promise.all([import('react-dom/client'), import('./StandaloneHost')]).then(
    ([{ createRoot }, { StandaloneHost }]) => {
      createRoot(container).render(
        <StrictMode>
          <StandaloneHost {...props} />
        </StrictMode>,
      );
    },
  );
}
