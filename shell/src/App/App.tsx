import { useEffect, useState } from 'react';
import { Route, Routes } from 'react-router-dom';
import { LoadingScreen, LoginPage, useSession } from 'shared-ui';
import { Dashboard } from '../Dashboard';
import { Layout } from '../Layout';
import { NotFoundPage } from '../NotFoundPage';
import { RemoteScreen } from '../RemoteScreen';
import { ReportsPlaceholder } from '../ReportsPlaceholder';
import { fetchRemoteList, registerRemoteList } from '../federation/federation';
import { REMOTE_ROUTES } from '../routes/route-table';

/**
 * The shell: a loading screen while the session is checked (and, when signed in, the remote list
 * is read), the login page for every path when signed out, else the layout and routes.
 */
export function App() {
  const token = useSession((state) => state.token);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let live = true;
    const finish = () => {
      if (live) setReady(true);
    };
    if (!token) {
      finish();
    } else {
      fetchRemoteList()
        .then((list) => registerRemoteList(list))
        // A broken list only makes remote screens show their unavailable panel.
        .catch((error: unknown) => console.error('Could not register remotes', error))
        .finally(finish);
    }
    return () => {
      live = false;
    };
  }, [token]);

  if (!ready) return <LoadingScreen />;
  if (!token) return <LoginPage />;

  return (
    <Layout>
      <Routes>
        <Route path="/" element={<Dashboard />} />
        <Route path="/reports" caseSensitive element={<ReportsPlaceholder />} />
        {REMOTE_ROUTES.map((route) => (
          <Route
            key={route.path}
            path={route.path}
            caseSensitive
            element={<RemoteScreen key={route.path} route={route} />}
          />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Layout>
  );
}
