// axe-core in the component tests: a screen's markup (names, roles, labels, ARIA, structure)
// checked where it is rendered. What jsdom cannot compute (colours, sizes, scrolling, the page
// around a screen) the browser checks, for every route in both colour schemes
// (e2e/tests/accessibility.test.ts).

/** Rules whose answer needs a browser's layout and styles: left to the end-to-end file. */
export const BROWSER_ONLY_RULES = [
  'color-contrast',
  'color-contrast-enhanced',
  'link-in-text-block',
  'target-size',
  'scrollable-region-focusable',
  'region',
];

/**
 * The axe violations in `container` (a rendered screen; the whole body, dialogs included, unless
 * told otherwise), as `rule: target, ...` lines.
 */
export async function axeViolations(container: Element = document.body): Promise<string[]> {
  // Loaded by the first check of a test file, not by every file with the testing helpers: axe-core
  // is one module of 1.4 MB, which about half the files never run (some 0.1 s of processor time
  // each to compile and load).
  const { default: axe } = await import('axe-core');
  const result = await axe.run(container, {
    rules: Object.fromEntries(BROWSER_ONLY_RULES.map((id) => [id, { enabled: false }])),
    resultTypes: ['violations'],
  });
  return result.violations.map(
    (violation) =>
      `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}
