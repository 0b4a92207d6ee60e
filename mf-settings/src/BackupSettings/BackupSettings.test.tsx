import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BackupInfo, BackupList } from 'contract/browser';
import {
  axeViolations,
  collectDialogs,
  collectDownloads,
  deferred,
  endpoints,
  failWith,
  mockEndpoint,
  type Dialogs,
  render,
} from 'shared-ui/testing';
import { BackupSettings, sizeText, timeText } from './BackupSettings';

const backup = (name: string, takenAt: string, bytes: number, rows: number): BackupInfo => ({
  name,
  takenAt,
  bytes,
  rows,
  tables: [
    { name: 'users', rows: 2 },
    { name: 'entries', rows: rows - 2 },
  ],
  encrypted: false,
});

const OLD = backup('office-2026-11-23T03-00-00Z.backup', '2026-11-23T03:00:00.000Z', 20_480, 1202);
const NEW = backup(
  'office-2026-11-24T12-30-05Z.backup',
  '2026-11-24T12:30:05.000Z',
  3_145_728,
  5002,
);

const listing = (backups: BackupInfo[], extra: Partial<BackupList> = {}): BackupList => ({
  backups,
  schedule: {
    enabled: true,
    dir: '/srv/office/data/backups',
    everyHours: 24,
    keep: 14,
    nextDue: '2026-11-24T03:00:00.000Z',
  },
  lastFailure: null,
  ...extra,
});

describe('BackupSettings', () => {
  let dialogs: Dialogs;
  beforeEach(() => {
    dialogs = collectDialogs();
  });

  it('should list the kept backups with time, size and rows, and the schedule', async () => {
    mockEndpoint(endpoints.listBackups, listing([OLD]));
    render(<BackupSettings />);
    const table = await screen.findByRole('table', { name: 'Backups' });
    const [header, row] = within(table).getAllByRole('row');
    expect(header).toHaveTextContent('Taken at');
    expect(header).toHaveTextContent('Size');
    expect(header).toHaveTextContent('Rows');
    expect(row).toHaveTextContent(timeText(OLD.takenAt));
    expect(row).toHaveTextContent('20.0 KB');
    expect(row).toHaveTextContent('1,202');
    expect(screen.getByText('/srv/office/data/backups')).toBeInTheDocument();
    expect(
      screen.getByText(/A backup every 24 hours, keeping the newest 14\./),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it('should back up now with a busy label, then show the new backup', async () => {
    const list = mockEndpoint(endpoints.listBackups, listing([OLD]));
    const answer = deferred<{ message: string; backup: BackupInfo }>();
    const take = mockEndpoint(endpoints.takeBackupNow, () => answer.promise);
    render(<BackupSettings />);
    await screen.findByRole('table', { name: 'Backups' });

    await userEvent.click(screen.getByRole('button', { name: 'Back up now' }));
    const busy = screen.getByRole('button', { name: 'Backing up...' });
    expect(busy).toBeDisabled();
    expect(take.calls).toHaveLength(1);

    list.answer(listing([NEW, OLD]));
    answer.resolve({ message: 'Backup taken', backup: NEW });
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(3));
    expect(screen.getAllByRole('row')[1]).toHaveTextContent(timeText(NEW.takenAt));
    expect(screen.getAllByRole('row')[1]).toHaveTextContent('3.0 MB');
    expect(screen.getByRole('button', { name: 'Back up now' })).toBeEnabled();
    expect(dialogs.alerts).toEqual(['Backup taken']);
  });

  it("should show the server's refusal and the last failure", async () => {
    const list = mockEndpoint(endpoints.listBackups, listing([OLD]));
    mockEndpoint(endpoints.takeBackupNow, failWith(409, 'The backup failed: the disk is full'));
    render(<BackupSettings />);
    await screen.findByRole('table', { name: 'Backups' });
    list.answer(
      listing([OLD], {
        lastFailure: { at: '2026-11-24T12:31:00.000Z', message: 'the disk is full' },
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Back up now' }));
    await waitFor(() => expect(dialogs.alerts).toEqual(['The backup failed: the disk is full']));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `The last backup failed: ${timeText('2026-11-24T12:31:00.000Z')}: the disk is full`,
    );
    // The good backup is still listed.
    expect(screen.getAllByRole('row')).toHaveLength(2);
  });

  it('should download a backup under its own name', async () => {
    mockEndpoint(endpoints.listBackups, listing([NEW, OLD]));
    const file = mockEndpoint(endpoints.downloadBackup, 'backup bytes');
    const downloads = collectDownloads();
    render(<BackupSettings />);
    await screen.findByRole('table', { name: 'Backups' });
    await userEvent.click(screen.getByRole('button', { name: `Download ${OLD.name}` }));
    await waitFor(() => expect(downloads.fileNames).toEqual([OLD.name]));
    expect(file.calls.map((call) => call.params)).toEqual([{ name: OLD.name }]);
  });

  it('should say when backups are off, without a Back up now button', async () => {
    mockEndpoint(endpoints.listBackups, {
      backups: [],
      schedule: { enabled: false, dir: null, everyHours: 24, keep: 14, nextDue: null },
      lastFailure: null,
    });
    render(<BackupSettings />);
    expect(await screen.findByText(/Backups are off/)).toBeInTheDocument();
    expect(screen.getByText('No backups yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back up now' })).not.toBeInTheDocument();
  });

  it('should tell sizes in readable units', () => {
    expect(sizeText(512)).toBe('512 B');
    expect(sizeText(1536)).toBe('1.5 KB');
    expect(sizeText(5 * 1024 ** 3)).toBe('5.0 GB');
  });
});
