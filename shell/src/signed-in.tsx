// The signed-in application: router, layout, routes and the runtime remotes. The login screen
// downloads none of it: signed out, the page's start script (start.ts) shows the form without
// loading main.js.
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';

export function SignedInApp() {
  return (
    <BrowserRouter>
      <App />
    </BrowserRouter>
  );
}
