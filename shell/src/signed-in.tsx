// The signed-in application: router, layout, routes and the runtime remotes. The login screen
// downloads none of it: signed out, the page's start script (start.ts) shows the form without
// loading main.js.
import { BrowserRouter } from 'react-router';
import { DataProvider } from 'shared-ui';
import { App } from './App';

/** The page's one cache of server answers is given here, to the shell and every remote below it. */
export function SignedInApp() {
  return (
    <DataProvider>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </DataProvider>
  );
}
