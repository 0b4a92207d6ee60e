// The data of Settings > Backups: the kept backups and the schedule, "Back up now" (which
// refreshes the list: the contract says it changes the backups the list reads), and one
// backup's download.
import { useState } from 'react';
import {
  download,
  endpoints,
  errorMessage,
  messages,
  notify,
  useApiQuery,
  useApiWrite,
} from 'shared-ui';

export function useBackups() {
  const list = useApiQuery(endpoints.listBackups, undefined);
  const take = useApiWrite(endpoints.takeBackupNow, { success: messages.backupTaken });
  const [downloading, setDownloading] = useState<string | null>(null);

  const backUpNow = async () => {
    // After a failure the list is read again for the failure the server recorded.
    const outcome = await take.run();
    if (!outcome.ok) await list.refetch();
  };

  const downloadOne = async (name: string) => {
    setDownloading(name);
    try {
      await download(endpoints.downloadBackup, { params: { name } }, { fileName: name });
    } catch (error) {
      notify(errorMessage(error, endpoints.downloadBackup.texts.error));
    } finally {
      setDownloading(null);
    }
  };

  return {
    /** The kept backups, the schedule and the last failure; undefined until they are in. */
    state: list.data,
    backingUp: take.isPending,
    backUpNow,
    /** The name of the backup being downloaded, if any. */
    downloading,
    downloadOne,
  };
}
