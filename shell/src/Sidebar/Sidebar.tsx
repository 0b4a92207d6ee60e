import { useEffect, useId, useState } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router';
import {
  confirm,
  endpoints,
  href,
  logOut,
  messages,
  useApiWrite,
  useCanWrite,
  useCurrentUser,
  useIsAdmin,
} from 'shared-ui';
import { preloadRemoteComponent } from '../federation/federation';
import { REMOTE_ROUTES, type RemoteRoute } from '../routes/route-table';
import { ACCOUNT_PATH } from '../Account/account-route';
import './Sidebar.css';

export interface SidebarProps {
  id: string;
  /** Drawer state on small screens; ignored on wide screens where the sidebar always shows. */
  open: boolean;
  onNavigate: () => void;
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? 'shell-sidebar__link shell-sidebar__link--active' : 'shell-sidebar__link';

/**
 * What the sidebar needs to know of the signed-in user: the page's cached answer, which the
 * account screen reads again after a change.
 */
function useMe(): { isAdmin: boolean; mustSetUpTwoStep: boolean } {
  const { twoStepSetupRequired } = useCurrentUser();
  return { isAdmin: useIsAdmin(), mustSetUpTwoStep: twoStepSetupRequired };
}

/** Ends every other session of this user (another browser, a shared computer). */
function useSignOutEverywhereElse(): () => Promise<void> {
  const endOthers = useApiWrite(endpoints.endOtherSessions, {
    success: (answer) => answer.message,
  });
  return async () => {
    if (confirm(messages.confirmSignOutEverywhereElse)) await endOthers.run();
  };
}

/**
 * Sidebar links in the spec's order: Dashboard ... Salary, Reports dropdown, Settings, then
 * Activity for admins, My account, Sign out everywhere else, Logout. A read-only viewer gets no
 * link to a screen that only writes (the entry forms); the admins' links show once the server
 * has said the user is an admin, the others unless it has said the user is a viewer.
 */
export function Sidebar({ id, open, onNavigate }: SidebarProps) {
  const { pathname } = useLocation();
  const reportRoutes = REMOTE_ROUTES.filter((route) => route.nav === 'reports');
  const onReportPage = reportRoutes.some((route) => route.path === pathname);
  const [reportsOpen, setReportsOpen] = useState(onReportPage);
  const reportsListId = useId();
  const { isAdmin, mustSetUpTwoStep } = useMe();
  const canWrite = useCanWrite();
  const signOutEverywhereElse = useSignOutEverywhereElse();
  // Hidden only once known: the links of staff stay put while the answer is on its way.
  const offered = (route: RemoteRoute) => !route.writesOnly || canWrite !== false;
  const navigate = useNavigate();

  // While the admins' setting requires two-step sign-in of this admin, every screen but their
  // account sends them back there (the server refuses the other screens' calls anyway).
  useEffect(() => {
    if (mustSetUpTwoStep && pathname !== ACCOUNT_PATH) navigate(ACCOUNT_PATH, { replace: true });
  }, [mustSetUpTwoStep, pathname, navigate]);

  // Pointing at or tabbing to a link starts loading its screen, so the click shows it sooner.
  const navItem = (route: RemoteRoute) => (
    <li key={route.path}>
      <NavLink
        to={route.path}
        className={linkClass}
        onClick={onNavigate}
        onMouseEnter={() => preloadRemoteComponent(route.remote, route.module)}
        onFocus={() => preloadRemoteComponent(route.remote, route.module)}
      >
        {route.label}
      </NavLink>
    </li>
  );

  // Arriving on a report (a deep link, the back button) shows where it sits in the dropdown.
  useEffect(() => {
    if (onReportPage) setReportsOpen(true);
  }, [onReportPage]);

  return (
    <aside
      id={id}
      className={open ? 'shell-sidebar shell-sidebar--open' : 'shell-sidebar'}
      aria-label="Sidebar"
    >
      <nav aria-label="Main" className="shell-sidebar__nav">
        <ul className="shell-sidebar__list">
          <li>
            <NavLink to={href('dashboard')} end className={linkClass} onClick={onNavigate}>
              Dashboard
            </NavLink>
          </li>
          {REMOTE_ROUTES.filter((route) => route.nav === 'main' && offered(route)).map(navItem)}
          <li>
            <button
              type="button"
              className="shell-sidebar__link shell-sidebar__toggle"
              aria-expanded={reportsOpen}
              aria-controls={reportsListId}
              onClick={() => setReportsOpen((value) => !value)}
            >
              Reports
              <span aria-hidden="true">{reportsOpen ? '▾' : '▸'}</span>
            </button>
            <ul id={reportsListId} className="shell-sidebar__sublist" hidden={!reportsOpen}>
              {reportRoutes.map(navItem)}
            </ul>
          </li>
          {REMOTE_ROUTES.filter((route) => route.nav === 'settings').map(navItem)}
          {/* Activity: admins, and viewers (an outside accountant reads the audit trail). */}
          {(isAdmin || canWrite === false) &&
            REMOTE_ROUTES.filter((route) => route.nav === 'admin').map(navItem)}
          <li>
            <NavLink to={ACCOUNT_PATH} className={linkClass} onClick={onNavigate}>
              {messages.myAccount}
            </NavLink>
          </li>
          <li>
            <button
              type="button"
              className="shell-sidebar__link shell-sidebar__logout"
              onClick={() => void signOutEverywhereElse()}
            >
              {messages.signOutEverywhereElse}
            </button>
          </li>
          <li>
            <button
              type="button"
              className="shell-sidebar__link shell-sidebar__logout"
              onClick={() => void logOut()}
            >
              Logout
            </button>
          </li>
        </ul>
      </nav>
    </aside>
  );
}
