import type { ReactNode } from 'react';
import { BrowserRouter, NavLink, Navigate, Route, Routes } from 'react-router';
import { DataProvider } from '../../data/DataProvider';
import { useSession } from '../../session/session-store';
import { logOut } from '../../session/log-out';
import { LoginPage } from '../LoginPage';
import { Button } from '../Button';
import './StandaloneHost.css';

export interface StandaloneScreen {
  /** Route path, as the shell uses it (e.g. `/settings`). */
  path: string;
  label: string;
  element: ReactNode;
}

export interface StandaloneHostProps {
  /** Shown in the header so nobody mistakes the dev host for the product. */
  name: string;
  screens: StandaloneScreen[];
}

/**
 * A minimal host for running one remote alone during development: the real login, a link per
 * screen and Logout, against the same /api, and the page's cache of server answers, as the shell
 * gives it. The shell is not needed.
 */
export function StandaloneHost({ name, screens }: StandaloneHostProps) {
  const token = useSession((state) => state.token);
  if (!token) return <LoginPage />;
  const first = screens[0]?.path ?? '/';
  return (
    <DataProvider>
      <BrowserRouter>
        <header className="ofs-standalone__header">
          <strong>{name}</strong>
          <nav aria-label="Screens" className="ofs-standalone__nav">
            {screens.map((screen) => (
              <NavLink key={screen.path} to={screen.path}>
                {screen.label}
              </NavLink>
            ))}
          </nav>
          <Button variant="secondary" onClick={() => void logOut()}>
            Logout
          </Button>
        </header>
        <main className="ofs-standalone__main">
          <Routes>
            {screens.map((screen) => (
              <Route key={screen.path} path={screen.path} element={screen.element} />
            ))}
            <Route path="*" element={<Navigate to={first} replace />} />
          </Routes>
        </main>
      </BrowserRouter>
    </DataProvider>
  );
}
