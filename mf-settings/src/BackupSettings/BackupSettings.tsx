// The Settings screen's Backups tab (admins only; the page leaves it out for others): the kept
// backups the server took, with time, size and rows, a Download per backup, "Back up now", the
// schedule and the last failure. The server takes, keeps and streams the files
// (GET/POST /api/backups, GET /api/backups/:name/download).
import type { BackupInfo } from 'contract/browser';
import { Button, Table, formatTimestamp, messages } from 'shared-ui';
import { useBackups } from './useBackups';

/** A time in the browser's time zone, to the second: 2026-11-24 03:00:00. */
export const timeText = (iso: string): string => formatTimestamp(iso, 'seconds');

/** A file size in bytes, KB, MB or GB (powers of 1024, one decimal). */
export function sizeText(bytes: number): string {
  const units = ['KB', 'MB', 'GB', 'TB'];
  if (bytes < 1024) return `${bytes} B`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

const rowsText = (rows: number) => rows.toLocaleString('en-US');

export function BackupSettings() {
  const { state, backingUp, backUpNow, downloading, downloadOne } = useBackups();
  if (!state) return <p>{messages.loading}</p>;

  const { schedule, lastFailure, backups } = state;
  return (
    <section>
      {schedule.enabled ? (
        <>
          <p>
            {messages.backupFolder} <code>{schedule.dir}</code>
          </p>
          <p>
            {messages.backupScheduleEvery} {schedule.everyHours} {messages.backupScheduleHours}{' '}
            {schedule.keep}.{' '}
            {schedule.nextDue ? `${messages.backupNextDue} ${timeText(schedule.nextDue)}` : null}
          </p>
        </>
      ) : (
        <p>{messages.backupsOff}</p>
      )}
      {lastFailure ? (
        <p role="alert">
          {messages.lastBackupFailed} {timeText(lastFailure.at)}: {lastFailure.message}
        </p>
      ) : null}
      {schedule.enabled ? (
        <p>
          <Button busy={backingUp} busyLabel={messages.backingUp} onClick={() => void backUpNow()}>
            {messages.backUpNow}
          </Button>
        </p>
      ) : null}
      <Table<BackupInfo>
        caption={messages.backupsTab}
        rows={backups}
        rowKey={(backup) => backup.name}
        emptyText={messages.noBackups}
        columns={[
          {
            key: 'takenAt',
            header: messages.backupTakenAt,
            render: (backup) => timeText(backup.takenAt),
          },
          {
            key: 'size',
            header: messages.backupSize,
            kind: 'count',
            render: (backup) => sizeText(backup.bytes),
          },
          {
            key: 'rows',
            header: messages.backupRows,
            kind: 'count',
            render: (backup) => (
              <span title={backup.tables.map((t) => `${t.name}: ${rowsText(t.rows)}`).join('\n')}>
                {rowsText(backup.rows)}
              </span>
            ),
          },
          {
            key: 'encrypted',
            header: messages.backupEncrypted,
            render: (backup) => (backup.encrypted ? messages.yes : messages.no),
          },
          {
            key: 'download',
            header: 'Actions',
            render: (backup) => (
              <Button
                variant="secondary"
                aria-label={`${messages.downloadBackup} ${backup.name}`}
                busy={downloading === backup.name}
                busyLabel={messages.downloadingBackup}
                onClick={() => void downloadOne(backup.name)}
              >
                {messages.downloadBackup}
              </Button>
            ),
          },
        ]}
      />
    </section>
  );
}
