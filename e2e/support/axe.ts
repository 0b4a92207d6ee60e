// axe-core in the page (@axe-core/playwright) for what only a browser computes: the colours.
// Each screen's markup is checked by axe in its component test (axeViolations in
// shared-ui/testing); accessibility.test.ts runs the page's rules on every route.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** The rules that depend on colours, which differ between the two schemes. */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * What axe's colour rules find within `include` (a selector), in the light colour scheme and then
 * the dark one, as "<scheme> <rule>: <count of elements>"; the page is left in the light scheme.
 */
export async function colourViolations(page: Page, include: string): Promise<string[]> {
  const found: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const result = await new AxeBuilder({ page })
      .include(include)
      .withRules(COLOUR_RULES)
      .analyze();
    found.push(...result.violations.map((one) => `${colorScheme} ${one.id}: ${one.nodes.length}`));
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return found;
}
