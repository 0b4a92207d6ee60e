import type { ReactNode } from 'react';
import { LoadingScreen, useCanWrite } from 'shared-ui';

export interface WritersOnlyProps {
  /** The page's heading, shown to everyone. */
  title: string;
  className?: string;
  /** What a read-only viewer is told in place of the screen, and its class. */
  note: string;
  noteClassName: string;
  children: ReactNode;
}

/**
 * A screen that writes: shown to those who write; a read-only viewer who opens it (the sidebar
 * has no link for them) is told so instead. It waits for the server to say who is signed in.
 */
export function WritersOnly({ title, className, note, noteClassName, children }: WritersOnlyProps) {
  const canWrite = useCanWrite();
  if (canWrite === true) return children;
  return (
    <div className={className}>
      <h1 className="ofs-page-title">{title}</h1>
      {canWrite === undefined ? (
        <LoadingScreen />
      ) : (
        <p className={noteClassName} role="note">
          {note}
        </p>
      )}
    </div>
  );
}
