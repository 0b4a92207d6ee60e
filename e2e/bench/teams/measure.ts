// What a measure of `npm run bench:teams` gives back: figures, each with its budget.

export interface Figure {
  /** What was measured, as printed. */
  label: string;
  value: number;
  /** Printed after the value and the budget: `s`, `ms`, `%`, or '' for a count. */
  unit: string;
  /** The figure is within budget when it is at most this. */
  budget: number;
  /** Printed beside it: the samples it was taken from, say. */
  detail?: string;
}

/** One measure: a name to select it by (`npm run bench:teams -- <name>`) and what it measures. */
export interface Measure {
  name: string;
  /** Starts and ends whatever it needs (servers, builds), and restores what it changed. */
  run: () => Promise<Figure[]>;
}

export const withinBudget = (figure: Figure): boolean => figure.value <= figure.budget;

const amount = (value: number, unit: string) =>
  `${Number.isInteger(value) ? value : value.toFixed(2)}${unit ? ` ${unit}` : ''}`;

export const formatFigure = (figure: Figure): string =>
  `${figure.label}: ${amount(figure.value, figure.unit)} (budget ${amount(figure.budget, figure.unit)})` +
  `${withinBudget(figure) ? '' : '  OVER BUDGET'}${figure.detail ? `  [${figure.detail}]` : ''}`;
