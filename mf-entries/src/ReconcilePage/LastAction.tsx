// What the reconcile screen's last action did, said politely, with Undo; after a match by hand,
// Make a rule; after a Create, Remember: the line's description without its dates and numbers
// (editable) saved as a rule booking the next statement's matching lines to the same.
import { useEffect, useRef, useState } from 'react';
import { Button, TextField } from 'shared-ui';
import { rulePattern } from './line-words';
import type { RowActions } from './useRowActions';
import { ActionForm } from '../ActionForm';

export function LastAction({ actions, canWrite }: { actions: RowActions; canWrite: boolean }) {
  const { said, last, reconcile } = actions;
  const [remembering, setRemembering] = useState(false);
  const undoLabel = last?.type === 'exclude' ? 'Undo exclude' : 'Undo';
  const remember = last?.type === 'entry' ? last.remember : undefined;
  useEffect(() => setRemembering(false), [last]);
  return (
    <div className="mf-reconcile__said">
      <p role="status" aria-live="polite" aria-atomic="true">
        {said.tone === 'done' ? said.text : ''}
      </p>
      <p role="alert" className="mf-reconcile__refusal">
        {said.tone === 'refused' ? said.text : ''}
      </p>
      {canWrite && last && (
        <span className="mf-reconcile__actions">
          <Button
            variant="secondary"
            disabled={reconcile.busy}
            aria-label={`${undoLabel}: ${last.said ?? ''}`}
            onClick={() => void actions.undo()}
          >
            {undoLabel}
          </Button>
          {last.type === 'match' && last.rule && (
            <Button
              variant="secondary"
              disabled={reconcile.busy}
              aria-label={`Make a rule: lines containing "${last.rule.line.description}" propose ${last.rule.entry.partyName}`}
              onClick={() => void actions.makeRule()}
            >
              Make a rule
            </Button>
          )}
          {last.type === 'entry' && remember && !remembering && (
            <Button
              variant="secondary"
              disabled={reconcile.busy}
              aria-expanded={false}
              aria-label={`Remember: lines like "${last.line.description}" are booked to ${remember.target}`}
              onClick={() => setRemembering(true)}
            >
              Remember
            </Button>
          )}
        </span>
      )}
      {canWrite && last?.type === 'entry' && remember && remembering && (
        <RememberForm
          description={last.line.description}
          target={remember.target}
          busy={reconcile.busy}
          onSave={actions.remember}
          onCancel={() => setRemembering(false)}
        />
      )}
    </div>
  );
}

/** The rule's text, offered without the line's dates and numbers, and Save rule. */
function RememberForm({
  description,
  target,
  busy,
  onSave,
  onCancel,
}: {
  description: string;
  target: string;
  busy: boolean;
  onSave: (pattern: string) => Promise<boolean>;
  onCancel: () => void;
}) {
  const [pattern, setPattern] = useState(() => rulePattern(description));
  const [problem, setProblem] = useState('');
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  return (
    <ActionForm
      className="mf-reconcile__remember"
      label={`Remember as a rule: ${description}`}
      onSubmit={() => {
        if (pattern.trim() === '') return setProblem('Enter the text the lines contain');
        setProblem('');
        void onSave(pattern);
      }}
    >
      <TextField
        label={`Lines containing (booked to ${target})`}
        value={pattern}
        onChange={setPattern}
        inputRef={input}
        maxLength={200}
        error={problem || undefined}
      />
      <Button type="submit" busy={busy} busyLabel="Saving...">
        Save rule
      </Button>
      <Button variant="secondary" aria-label="Cancel the rule" onClick={onCancel}>
        Cancel
      </Button>
    </ActionForm>
  );
}
