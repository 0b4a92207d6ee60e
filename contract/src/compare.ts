// Comparing a report with another period (issue 34): the spec's report calls take
// `compare=previous|lastYear`; each row then carries, beside the spec's fields, the other
// period's figure, the change and the change in percent. Without `compare` they answer exactly
// as the spec says.
import { Type, type Static } from '@sinclair/typebox';
import { IsoDate, Money } from './common.js';
import { COMPARE_CHOICES } from './compare-values.js';
export { COMPARE_CHOICES } from './compare-values.js';
export type CompareChoice = (typeof COMPARE_CHOICES)[number];

/**
 * What to compare with. `previous`: the period just before, as long as the chosen one (whole
 * months when the range is whole months: March against February, the first quarter against the
 * last quarter of the year before; otherwise as many days). `lastYear`: the same days a year
 * earlier (a month's last day maps to that month's last day, so 29 February maps to 28
 * February). `none`: no comparison (the Finance Report then still adds `profitLoss`).
 */
export const Compare = Type.Optional(
  Type.Union(
    COMPARE_CHOICES.map((choice) => Type.Literal(choice)),
    { description: 'none | previous | lastYear' },
  ),
);

/** One figure beside its value in the other period. */
export const Change = Type.Object({
  /** The figure in the other period. */
  other: Money,
  /** This period's figure less the other's (negative when it fell). */
  change: Money,
  /** The change as a percent of the other figure, 2 decimals; null when the other is zero. */
  percent: Type.Union([Type.Number(), Type.Null()]),
});
export type Change = Static<typeof Change>;

/** The other period of a comparison, so a screen can open the Journal on it. */
export const ComparedPeriod = { from: IsoDate, to: IsoDate };

/** `compare` on a row with one figure, named as the row's figure is. */
export const compareOf = <K extends string>(figure: K) =>
  Type.Optional(
    Type.Object({ ...ComparedPeriod, ...({ [figure]: Change } as Record<K, typeof Change>) }),
  );
