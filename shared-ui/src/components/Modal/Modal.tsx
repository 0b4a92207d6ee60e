import { useId, useLayoutEffect, useRef } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
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
  /** Disables both close buttons and Escape, e.g. while a save is in flight (docs/product.md#states). */
  closeDisabled?: boolean;
}

/** What Tab can reach inside the dialog, in order. */
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

const reachable = (root: HTMLElement) =>
  Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => !element.closest('[inert]'),
  );

/**
 * The one dialog of every app: a native `<dialog>` opened with `showModal()`, so the page behind
 * it is inert (no click, no focus, hidden from screen readers). Focus moves into it on open (to
 * the control marked `data-autofocus` when there is one),
 * Tab and Shift+Tab go round inside it, Escape and both close buttons close it (unless closing
 * is disabled), and on close focus returns to the element that had it before (the Edit button).
 */
export function Modal(props: ModalProps) {
  return props.open ? <OpenModal {...props} /> : null;
}

function OpenModal({
  title,
  onClose,
  children,
  actions,
  closeLabel = 'Close',
  closeDisabled = false,
}: ModalProps) {
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);

  useLayoutEffect(() => {
    const node = dialog.current;
    if (!node) return undefined;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!node.open) node.showModal();
    // The field marked `data-autofocus` (a reason to give) takes focus; else the dialog itself.
    (node.querySelector<HTMLElement>('[data-autofocus]') ?? node).focus();
    // The dialog is React's to close: a cancel (Escape) must not close it behind React's back.
    const cancel = (event: Event) => event.preventDefault();
    node.addEventListener('cancel', cancel);
    return () => {
      node.removeEventListener('cancel', cancel);
      if (node.open) node.close();
      previous?.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      if (!closeDisabled) onClose();
      return;
    }
    if (event.key !== 'Tab' || !dialog.current) return;
    // Round inside the dialog: past the last control to the first, before the first to the last.
    const controls = reachable(dialog.current);
    const first = controls[0];
    const last = controls[controls.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    const outside = !(active instanceof Node) || !controls.includes(active as HTMLElement);
    if (event.shiftKey && (active === first || outside)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || outside)) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      aria-modal="true"
      className="ofs-modal"
      tabIndex={-1}
      onKeyDown={onKeyDown}
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
    </dialog>
  );
}
