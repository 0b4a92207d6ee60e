import { useId, useState } from 'react';
import { clerkMessages, endpoints, useApiQuery, useApiWrite } from 'shared-ui';

/**
 * One's own preferences (issue 32), kept on the server: whether the entry forms confirm a save
 * with a notice on the page rather than the spec's pop-up. Saved as soon as it is ticked; every
 * role may change it, a viewer too.
 */
export function PreferencesPanel() {
  const id = useId();
  const preferences = useApiQuery(endpoints.getPreferences, undefined);
  const [saved, setSaved] = useState('');
  // What was just ticked shows at once; a refused save goes back to what the server keeps.
  const [wanted, setWanted] = useState<boolean | undefined>(undefined);
  const save = useApiWrite(endpoints.savePreferences, {
    onSuccess: () => setSaved(clerkMessages.preferencesSaved),
  });
  const checked = wanted ?? preferences.data?.confirmWithNotice ?? false;
  return (
    <section className="ofs-card shell-account__section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{clerkMessages.preferences}</h2>
      <div className="shell-account__check">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          disabled={preferences.data === undefined}
          onChange={(event) => {
            const confirmWithNotice = event.target.checked;
            setSaved('');
            setWanted(confirmWithNotice);
            void save.run({ body: { confirmWithNotice } }).then((outcome) => {
              if (!outcome.ok) setWanted(undefined);
            });
          }}
        />
        <label htmlFor={id}>{clerkMessages.confirmWithNotice}</label>
      </div>
      <p role="status" className="shell-account__saved">
        {saved}
      </p>
    </section>
  );
}
