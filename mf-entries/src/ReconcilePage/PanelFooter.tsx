// The footer every reconcile panel ends with: its submit button and Cancel, each named with the
// line it acts on ("Create & match: <line>", "Cancel: <line>").
import { Button } from 'shared-ui';

interface Props {
  /** The submit button's text; without one (nothing to submit) only Cancel shows. */
  action?: string;
  /** The line's name, as the buttons' accessible names end. */
  name: string;
  busy: boolean;
  disabled?: boolean;
  onCancel: () => void;
}

export function PanelFooter({ action, name, busy, disabled, onCancel }: Props) {
  return (
    <span className="mf-reconcile__panel-actions">
      {action && (
        <Button
          type="submit"
          disabled={disabled}
          busy={busy}
          busyLabel="Saving..."
          aria-label={`${action}: ${name}`}
        >
          {action}
        </Button>
      )}
      <Button variant="secondary" aria-label={`Cancel: ${name}`} onClick={onCancel}>
        Cancel
      </Button>
    </span>
  );
}
