// Mounting is kept apart from the host so that shared-ui's main module never imports the router:
// shared-ui is a federation singleton, shared whole, and the shell's login screen must not pay
// for react-router. The host, router included, loads only when a remote runs standalone.
import { StrictMode, createElement, type ComponentType } from 'react';
import { REMOTES } from 'contract/browser';
import type { StandaloneHostProps, StandaloneScreen } from './StandaloneHost';

/** Mounts the standalone host into `#root`. */
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

/**
 * The standalone screens of the remote named `name`: its paths and labels from the one list of
 * the remotes (contract), each rendered by the component of the same name as its module.
 */
export function standaloneScreens(
  name: string,
  components: Readonly<Record<string, ComponentType>>,
): StandaloneScreen[] {
  const remote = REMOTES.find((known) => known.name === name);
  if (!remote) throw new Error(`No remote named ${name} in the list of remotes`);
  return remote.screens.map(({ path, label, module }) => {
    const component = components[module];
    if (!component) throw new Error(`${remote.dir} gives no component for its screen ${module}`);
    return { path, label, element: createElement(component) };
  });
}

/** A remote's bootstrap is this one call: its screens, as the list names them, behind the host. */
export function mountRemote(name: string, components: Readonly<Record<string, ComponentType>>) {
  const remote = REMOTES.find((known) => known.name === name);
  mountStandalone({ name: remote?.dir ?? name, screens: standaloneScreens(name, components) });
}
