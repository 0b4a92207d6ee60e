import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { clerkMessages } from 'shared-ui';
import { Sidebar } from '../Sidebar';
import { useFocusOnNavigation } from './useFocusOnNavigation';
import './Layout.css';

const SIDEBAR_ID = 'shell-sidebar';
const MAIN_ID = 'shell-main';

export interface LayoutProps {
  children: ReactNode;
}

/** The signed-in frame: sidebar (a drawer on screens up to 768px wide) and the content area. */
export function Layout({ children }: LayoutProps) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();
  const main = useRef<HTMLElement>(null);
  useFocusOnNavigation(main);

  // Navigating (also with the browser's back button) closes the drawer.
  useEffect(() => setDrawerOpen(false), [pathname]);

  useEffect(() => {
    if (!drawerOpen) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setDrawerOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [drawerOpen]);

  return (
    <div className="shell-layout">
      {/* First in the page: past the sidebar to the screen, for the keyboard. */}
      <a
        href={`#${MAIN_ID}`}
        className="shell-layout__skip ofs-no-print"
        onClick={(event) => {
          event.preventDefault();
          main.current?.focus();
        }}
      >
        {clerkMessages.skipToContent}
      </a>
      <header className="shell-layout__topbar ofs-no-print">
        <button
          type="button"
          className="shell-layout__menu"
          aria-label={drawerOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={drawerOpen}
          aria-controls={SIDEBAR_ID}
          onClick={() => setDrawerOpen((open) => !open)}
        >
          <span aria-hidden="true">☰</span>
        </button>
      </header>
      <div className="ofs-no-print">
        <Sidebar id={SIDEBAR_ID} open={drawerOpen} onNavigate={() => setDrawerOpen(false)} />
        {drawerOpen && (
          <div
            className="shell-layout__backdrop"
            aria-hidden="true"
            onClick={() => setDrawerOpen(false)}
          />
        )}
      </div>
      <main ref={main} id={MAIN_ID} tabIndex={-1} className="shell-layout__main ofs-shell-main">
        {children}
      </main>
    </div>
  );
}
