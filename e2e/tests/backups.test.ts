// Settings → Backups against the real server (embedded database: backups go to
// DATA_DIR/backups): an admin presses Back up now, sees the new backup listed, downloads it, and
// the file is a complete backup (gzip of JSON lines, its header first, then its manifest and the
// signature of the server's key, the manifest's row counts those of the listed row).
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { dialogCount, downloaded, launch, openPage, signIn } from '../support/browser';
import type { Session } from '../support/browser';

let browser: Browser;
let session: Session;
let page: Page;

beforeAll(async () => {
  browser = await launch();
  session = await openPage(browser);
  page = session.page;
  await signIn(page);
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('heading', { name: 'Manage Expense Types' }).waitFor();
});
afterAll(() => browser.close());

const backupRows = () => page.getByRole('table', { name: 'Backups' }).getByRole('row');

describe('Settings: Backups against the real API', () => {
  it('should back up now, list the new backup, and download a file that is a backup', async () => {
    await page.getByRole('tab', { name: 'Backups' }).click();
    const button = page.getByRole('button', { name: 'Back up now' });
    await button.waitFor();
    // The schedule may have taken one at start; the new one comes on top.
    const downloadButtons = page.getByRole('button', { name: /^Download office-/ });
    const before = await downloadButtons.count();

    await button.click();
    expect(await dialogCount(session.dialogs, 1, 60_000)).toEqual(['Backup taken']);
    await page
      .getByRole('button', { name: /^Download office-/ })
      .nth(before)
      .waitFor();
    expect(await downloadButtons.count()).toBe(before + 1);

    const newest = backupRows().nth(1);
    const name = ((await newest.getByRole('button').getAttribute('aria-label')) ?? '').replace(
      'Download ',
      '',
    );
    expect(name).toMatch(/^office-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.backup$/);
    const listedRows = Number(
      (await newest.getByRole('cell').nth(2).innerText()).replace(/,/g, ''),
    );

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      newest.getByRole('button', { name: `Download ${name}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(name);
    const bytes = readFileSync(await downloaded(download));
    expect([...bytes.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
    const lines = gunzipSync(bytes).toString('utf8').trimEnd().split('\n');
    expect(JSON.parse(lines[0]!)).toMatchObject({ format: 'office-finance-backup' });
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({
      signature: { algorithm: 'hmac-sha256' },
    });
    const { manifest } = JSON.parse(lines.at(-2)!) as {
      manifest: { tables: { name: string; rows: number }[]; takenBy: string };
    };
    expect(manifest.takenBy).toBe('server');
    expect(manifest.tables.reduce((sum, t) => sum + t.rows, 0)).toBe(listedRows);
    expect(manifest.tables.find((t) => t.name === 'users')?.rows).toBeGreaterThanOrEqual(1);
  });
});
