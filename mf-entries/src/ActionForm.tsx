// A form of the entries screens whose submit stays on the page: the browser's own submit is
// stopped and the form's action runs (its promise left to settle on its own).
import type { ReactNode } from 'react';

export interface ActionFormProps {
  /** The form's accessible name. */
  label: string;
  className: string;
  /** What submitting does (Enter in a field, or the submit button). */
  onSubmit: () => unknown;
  children: ReactNode;
}

export function ActionForm({ label, className, onSubmit, children }: ActionFormProps) {
  return (
    <form
      className={className}
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      {children}
    </form>
  );
}
