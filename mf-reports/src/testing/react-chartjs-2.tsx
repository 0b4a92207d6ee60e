// Stand-in for react-chartjs-2 in jsdom, which has no canvas: it renders a canvas element that
// carries the chart's type and data, so tests can read what would have been drawn.
import type { ReactNode } from 'react';

interface StubProps {
  type: string;
  data: unknown;
  options?: unknown;
  children?: ReactNode;
  [attribute: string]: unknown;
}

export function Chart({ type, data, options: _options, children, ...rest }: StubProps) {
  return (
    <canvas data-type={type} data-chart={JSON.stringify(data)} {...rest}>
      {children}
    </canvas>
  );
}
