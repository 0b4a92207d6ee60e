// Loading state for one report: the latest answer, whether a call is in flight, and what a
// failure does. Only the latest call may set the data, so a slow answer to an old filter never
// overwrites a newer one.
import { useCallback, useRef, useState } from 'react';
import { errorMessage, notify } from 'shared-ui';

/**
 * On failure: alert the catalogue text (the server's message where it sent one), or only log,
 * which spec §8 asks of the finance, expense-vs-type and income reports.
 */
export type FailurePolicy = { alert: string } | { log: string };

/**
 * Loads a report. `show` puts a partial answer on screen (the first pages of a long ledger) while
 * the load goes on. Once a newer call has started it shows nothing and answers false, so the
 * load can stop fetching what nobody will see.
 */
export type ReportLoad<T> = (show: (partial: T) => boolean) => Promise<T>;

export interface ReportData<T> {
  data: T | undefined;
  /** True from the start of a call until its whole answer is in (or it failed). */
  loading: boolean;
  run: (load: ReportLoad<T>) => Promise<void>;
}

export function useReportData<T>(onFailure: FailurePolicy): ReportData<T> {
  const [data, setData] = useState<T>();
  const [loading, setLoading] = useState(false);
  const latest = useRef(0);
  const alertText = 'alert' in onFailure ? onFailure.alert : undefined;
  const logText = 'log' in onFailure ? onFailure.log : undefined;

  const run = useCallback(
    async (load: ReportLoad<T>) => {
      const call = ++latest.current;
      setLoading(true);
      const show = (partial: T) => {
        if (call !== latest.current) return false;
        setData(partial);
        return true;
      };
      try {
        const result = await load(show);
        if (call === latest.current) setData(result);
      } catch (error) {
        if (call !== latest.current) return;
        if (alertText !== undefined) notify(errorMessage(error, alertText));
        else console.error(logText, error);
      } finally {
        if (call === latest.current) setLoading(false);
      }
    },
    [alertText, logText],
  );

  return { data, loading, run };
}
