// Get started (issue 42) on the real build: the dashboard's set-up list of a new office, all six
// steps to do, keeps its texts readable (contrast, which needs a real browser) in the light and
// the dark colour scheme. The office's set-up state is answered as a new office's, whatever the
// run's database already holds.
import { readFileSync } from 'node:fs';
import type Axe from 'axe-core';
import type { Browser, Page } from 'playwright-core';
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

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** axe's violations within the panel, in the colour scheme given (contrast needs a browser). */
async function panelViolations(colorScheme: 'light' | 'dark'): Promise<string[]> {
  await page.emulateMedia({ colorScheme });
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const { axe } = window as unknown as { axe: typeof Axe };
    const panel = document.querySelector('.shell-get-started') as Element;
    const result = await axe.run(panel, { resultTypes: ['violations'] });
    return result.violations.map((violation) => violation.id);
  });
}

describe('Get started on a new office', () => {
  it('keeps its texts readable in the light and the dark colour scheme', async () => {
    await panel().getByText('0 of 6 done').waitFor();
    expect(await panelViolations('light')).toEqual([]);
    expect(await panelViolations('dark')).toEqual([]);
  });
});
