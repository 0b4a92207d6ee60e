// Colours of the charts. Series colours are fixed so that a series keeps its colour between
// screens; text and grid colours come from the design tokens, so dark mode stays readable.

export const SERIES = {
  income: '#2e7d32',
  salary: '#1565c0',
  expense: '#e65100',
  profit: '#6a1b9a',
};

/** Enough distinct colours for the expense types; past ten they repeat. */
export const PALETTE = [
  '#1565c0',
  '#e65100',
  '#2e7d32',
  '#6a1b9a',
  '#c62828',
  '#00838f',
  '#f9a825',
  '#4e342e',
  '#ad1457',
  '#546e7a',
];

export function tokenColour(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

/** Charts appear without their grow-in animation for people who ask for reduced motion. */
export function reducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}
