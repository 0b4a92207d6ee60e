import type { ReactNode } from 'react';
import { Link, useInRouterContext } from 'react-router';

export interface AppLinkProps {
  /** A path of the product, with its query (`/Journal?kind=income`). */
  to: string;
  children: ReactNode;
  className?: string;
}

/**
 * A real link to a screen (keyboard, middle click and a new tab all work): the router's when
 * there is one, a plain anchor otherwise.
 */
export function AppLink({ to, children, className }: AppLinkProps) {
  const routed = useInRouterContext();
  const classes = ['ofs-link', className].filter(Boolean).join(' ');
  return routed ? (
    <Link to={to} className={classes}>
      {children}
    </Link>
  ) : (
    <a href={to} className={classes}>
      {children}
    </a>
  );
}
