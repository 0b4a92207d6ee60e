// The signed-in application: router, layout, routes and the runtime remotes. It is a separate
// chunk so that the login screen downloads none of it (react-router alone is ~60 KB gzipped).
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';

export function SignedInApp() {
  return (
    <BrowserRouter>
      <App />
    </BrowserRouter>
  );
}
