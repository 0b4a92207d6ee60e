import type { ReactNode } from 'react';
import { Link, useInRouterContext } from 'react-router';

export interface AppLinkProps {
  /** A path of the product, with its query (`/Journal?kind=income`). */
  to: string;
  children: ReactNode;
  className?: string;
  /** The link's name when its text alone does not say which row it is for. */
  'aria-label'?: string;
}

/**
 * A real link to a screen (keyboard, middle click and a new tab all work): the router's when
 * there is one, a plain anchor otherwise.
 */
export function AppLink({ to, children, className, 'aria-label': label }: AppLinkProps) {
  const routed = useInRouterContext();
  const classes = ['ofs-link', className].filter(Boolean).join(' ');
  return routed ? (
    <Link to={to} className={classes} aria-label={label}>
      {children}
    </Link>
  ) : (
    <a href={to} className={classes} aria-label={label}>
      {children}
    </a>
  );
}
