import { Component, Suspense } from 'react';
import type { ComponentType, ReactNode } from 'react';
import './ChartFrame.css';

/** What a lazily loaded canvas component receives. */
export interface CanvasProps<Data> {
  data: Data;
  /** The text alternative of the drawing, read out instead of the canvas. */
  label: string;
}

/** A chart that fails to load leaves the table, which has every figure, on its own. */
class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error('The chart could not be drawn', error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

export interface ChartFrameProps<Data> {
  caption: string;
  /** Summary of what the chart shows, for screen readers (the table is there too). */
  label: string;
  data: Data;
  Canvas: ComponentType<CanvasProps<Data>>;
}

/**
 * A figure around a chart whose drawing code (chart.js) arrives in its own chunk, fetched only
 * when a chart screen shows one, so the other screens never pay for it.
 */
export function ChartFrame<Data>({ caption, label, data, Canvas }: ChartFrameProps<Data>) {
  return (
    <figure className="reports-chart">
      <figcaption className="reports-chart__caption">{caption}</figcaption>
      <div className="reports-chart__area">
        <ChartBoundary>
          <Suspense fallback={<p className="reports-chart__wait">Loading chart...</p>}>
            <Canvas data={data} label={label} />
          </Suspense>
        </ChartBoundary>
      </div>
    </figure>
  );
}
