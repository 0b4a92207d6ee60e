import { useCallback, useEffect, useState } from 'react';
import { errorMessage, notify } from 'shared-ui';
import type { PeopleScreenConfig, PersonRecord } from './types';

/**
 * The records of one screen, loaded on mount. Held above the tabs so that an add on the Add tab
 * reloads the list the second tab shows.
 */
export function usePeopleList<Row extends PersonRecord>(config: PeopleScreenConfig<Row>) {
  const { api, messages } = config;
  const [rows, setRows] = useState<Row[]>([]);
  const [loading, setLoading] = useState(true);

  const reload = useCallback(async () => {
    setLoading(true);
    try {
      setRows(await api.list());
    } catch (error) {
      notify(errorMessage(error, messages.fetch.error));
    } finally {
      setLoading(false);
    }
  }, [api, messages]);

  useEffect(() => {
    void reload();
  }, [reload]);

  return { rows, loading, reload };
}
