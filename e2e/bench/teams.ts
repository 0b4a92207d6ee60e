// `npm run bench:teams`: what a team that develops and ships its remote on its own waits for.
// Runs each measure of MEASURES in turn (the names given after `--` only, when some are:
// `npm run bench:teams -- hot-edit`) and prints every figure with its budget; exits 1 when a
// figure is beyond its budget or a measure fails. A measure is a file in teams/ exporting a
// `Measure` (teams/measure.ts): a name and a function that returns its figures.
//
// - hot-edit: an edit of a mf-reports screen in its standalone page (`npm run dev -w
//   mf-reports`): seconds from saving to shown (3), full page reloads (0), the session and the
//   typed filter kept.
// - builds: a second identical `npm run build`, as a share of the first (10%).
// - deploys: the deploy gate of mf-reports, its type check and tests (60 s); a deploy of unchanged
//   source (3 s).
import { builds, deploys } from './teams/delivery';
import { hotEdit } from './teams/hot-edit';
import { formatFigure, withinBudget, type Measure } from './teams/measure';

const MEASURES: Measure[] = [hotEdit, builds, deploys];

async function main(): Promise<void> {
  // Ctrl-C ends the run through the exit handlers: edited files restored, servers ended.
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => process.exit(130));
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((name) => !MEASURES.some((measure) => measure.name === name));
  if (unknown.length) {
    const names = MEASURES.map((measure) => measure.name).join(', ');
    console.error(`no measure named ${unknown.join(', ')} (the measures: ${names})`);
    process.exitCode = 1;
    return;
  }
  let failed = false;
  for (const measure of MEASURES) {
    if (wanted.length && !wanted.includes(measure.name)) continue;
    console.log(`${measure.name}:`);
    try {
      for (const figure of await measure.run()) {
        console.log(`  ${formatFigure(figure)}`);
        if (!withinBudget(figure)) failed = true;
      }
    } catch (error) {
      console.error(`  FAILED: ${error instanceof Error ? (error.stack ?? error.message) : error}`);
      failed = true;
    }
  }
  process.exitCode = failed ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
