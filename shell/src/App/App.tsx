import { lazy, Suspense, useEffect } from 'react';
import { Route, Routes } from 'react-router';
import { LoginPage, LoadingScreen, useSession } from 'shared-ui';
import { Dashboard } from '../Dashboard';
import { Layout } from '../Layout';
import { NotFoundPage } from '../NotFoundPage';
import { RemoteScreen } from '../RemoteScreen';
import { ReportsPlaceholder } from '../ReportsPlaceholder';
import { fetchRemoteList, registerRemoteList } from '../federation/federation';
import { REMOTE_ROUTES } from '../routes/route-table';
import { ACCOUNT_PATH } from '../Account/account-route';

/** The own account's screen, in a chunk of its own: only those who open it load it. */
const AccountPage = lazy(() =>
  import('../Account').then(({ AccountPage }) => ({ default: AccountPage })),
);

/**
 * The shell: the login page for every path when signed out, else the layout and routes. The
 * remote list is read and noted beside the first screen, never before it: the dashboard needs no
 * remote (nor the federation runtime, which comes with the first remote screen), and a remote
 * screen registers its own remote if it comes first (loadRemoteComponent).
 */
export function App() {
  const token = useSession((state) => state.token);

  useEffect(() => {
    if (!token) return;
    fetchRemoteList()
      .then((list) => registerRemoteList(list))
      // A broken list only makes remote screens show their unavailable panel.
      .catch((error: unknown) => console.error('Could not register remotes', error));
  }, [token]);

  if (!token) return <LoginPage />;

  return (
    <Layout>
      <Routes>
        <Route path="/" element={<Dashboard />} />
        <Route path="/reports" caseSensitive element={<ReportsPlaceholder />} />
        <Route
          path={ACCOUNT_PATH}
          caseSensitive
          element={
            <Suspense fallback={<LoadingScreen />}>
              <AccountPage />
            </Suspense>
          }
        />
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
