// Get started (issue 42) on the real build: the dashboard's set-up list of a new office, all six
// steps to do, keeps its texts readable (contrast, which needs a real browser) in the light and
// the dark colour scheme. The office's set-up state is answered as a new office's, whatever the
// run's database already holds.
import type { Browser, Page } from 'playwright-core';
import { colourViolations } from '../support/axe';
import { launch, openPage, signIn, type Session } from '../support/browser';

const NOTHING_DONE = {
  company: false,
  expenseTypes: false,
  clients: false,
  employees: false,
  accounts: false,
  firstEntry: false,
};

let browser: Browser;
let session: Session;
let page: Page;

beforeAll(async () => {
  browser = await launch();
  session = await openPage(browser, { width: 1366, height: 768 });
  page = session.page;
  await page.route('**/api/setup', (route) => route.fulfill({ json: NOTHING_DONE }));
  await signIn(page);
});

afterAll(async () => {
  await session?.context.close();
  await browser?.close();
});

const panel = () => page.getByRole('region', { name: 'Get started' });

describe('Get started on a new office', () => {
  it('keeps its texts readable in the light and the dark colour scheme', async () => {
    await panel().getByText('0 of 6 done').waitFor();
    expect(await colourViolations(page, '.shell-get-started')).toEqual([]);
  });
});
