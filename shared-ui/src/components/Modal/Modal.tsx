import { useEffect, useId, useRef } from 'react';
import type { ReactNode } from 'react';
import './Modal.css';

export interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons shown before the Close button (e.g. Save). */
  actions?: ReactNode;
  /** Text of the footer close button (spec: "Close"). */
  closeLabel?: string;
  /** Disables both close buttons and Escape, e.g. while a save is in flight (spec §4). */
  closeDisabled?: boolean;
}

/**
 * A dialog that closes on its header close button, its Close button and Escape (spec §4).
 * Focus moves into the dialog on open and back to where it was on close.
 */
export function Modal({
  open,
  title,
  onClose,
  children,
  actions,
  closeLabel = 'Close',
  closeDisabled = false,
}: ModalProps) {
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    const previous = document.activeElement as HTMLElement | null;
    dialog.current?.focus();
    return () => previous?.focus?.();
  }, [open]);

  if (!open) return null;

  return (
    <div className="ofs-modal__backdrop">
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="ofs-modal"
        tabIndex={-1}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && !closeDisabled) onClose();
        }}
      >
        <header className="ofs-modal__header">
          <h2 id={titleId} className="ofs-modal__title">
            {title}
          </h2>
          <button
            type="button"
            className="ofs-modal__x"
            aria-label={`${closeLabel} dialog`}
            disabled={closeDisabled}
            onClick={onClose}
          >
            ×
          </button>
        </header>
        <div className="ofs-modal__body">{children}</div>
        <footer className="ofs-modal__footer">
          {actions}
          <button
            type="button"
            className="ofs-button ofs-button--secondary"
            disabled={closeDisabled}
            onClick={onClose}
          >
            {closeLabel}
          </button>
        </footer>
      </div>
    </div>
  );
}
