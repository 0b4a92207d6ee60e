// A team's standalone loop: the API on a throw-away PGlite and `npm run dev -w mf-reports` on a
// free port, signed in through the page's own form in Chromium, a Start Date typed into the
// Income Report's filters (React state only), then the report's first column header renamed in
// its source file, BENCH_HOT_EDITS times (5), each to a new text. Per edit: the time from saving
// the file to the new header in the page (taken in the page), the page loads it caused, and
// whether the session and the typed date were still there. The file is restored afterwards,
// whatever happens.
import { loadavg } from 'node:os';
import { launch } from '../../support/browser';
import {
  ScreenSource,
  countLoads,
  editAndWatch,
  signInStandalone,
  typeFilter,
  type EditSeen,
} from '../../support/hot-edit';
import { startStandaloneDev } from '../../support/standalone-dev';
import type { Figure, Measure } from './measure';

const EDITS = Number(process.env.BENCH_HOT_EDITS ?? 5);
const BUDGET = { shownSeconds: 3, reloads: 0, lost: 0 };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function run(): Promise<Figure[]> {
  const source = new ScreenSource();
  const dev = await startStandaloneDev('mf-reports');
  const browser = await launch();
  const seen: EditSeen[] = [];
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const loads = countLoads(page);
    await page.goto(dev.url);
    await signInStandalone(page);
    await typeFilter(page);
    for (let edit = 1; edit <= EDITS; edit += 1) {
      seen.push(await editAndWatch(page, source, `Day of payment ${edit}`, loads));
    }
    await context.close();
  } finally {
    source.restore();
    await browser.close();
    await dev.stop();
  }
  const seconds = seen.map((edit) => edit.shownMs / 1000);
  const load = loadavg()[0]!.toFixed(1);
  return [
    {
      label: `an edit of a mf-reports screen shown in the standalone page after saving (median of ${EDITS})`,
      value: median(seconds),
      unit: 's',
      budget: BUDGET.shownSeconds,
      detail: `each: ${seconds.map((value) => value.toFixed(2)).join(', ')} s; load average ${load}`,
    },
    {
      label: `full page reloads in ${EDITS} edits`,
      value: seen.reduce((sum, edit) => sum + edit.loads + (edit.sameDocument ? 0 : 1), 0),
      unit: '',
      budget: BUDGET.reloads,
    },
    {
      label: 'edits after which the session or the typed Start Date was gone',
      value: seen.filter((edit) => !edit.signedIn || !edit.filterKept).length,
      unit: '',
      budget: BUDGET.lost,
    },
  ];
}

export const hotEdit: Measure = { name: 'hot-edit', run };
