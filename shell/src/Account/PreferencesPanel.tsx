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
  const save = useApiWrite(endpoints.savePreferences, {
    onSuccess: () => setSaved(clerkMessages.preferencesSaved),
  });
  const checked = preferences.data?.confirmWithNotice ?? false;
  return (
    <section className="ofs-card shell-account__section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{clerkMessages.preferences}</h2>
      <div className="shell-account__check">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          disabled={preferences.data === undefined || save.isPending}
          onChange={(event) => {
            setSaved('');
            void save.run({ body: { confirmWithNotice: event.target.checked } });
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
