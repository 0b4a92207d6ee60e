import { Component, Suspense, useState } from 'react';
import { Button } from 'shared-ui';
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

/** Remembered per browser: whoever opened a chart once sees charts open from then on. */
const PREFERENCE_KEY = 'reports.showCharts';

function readPreference(): boolean {
  try {
    return window.localStorage.getItem(PREFERENCE_KEY) === 'true';
  } catch {
    return false; // storage blocked: charts start closed
  }
}

function writePreference(open: boolean): void {
  try {
    window.localStorage.setItem(PREFERENCE_KEY, String(open));
  } catch {
    // storage blocked: the choice lasts for this screen only
  }
}

/**
 * A figure around a chart whose drawing code (chart.js, about 57 KB gzipped) arrives in its own
 * chunk. The chart opens on request (Show chart) and stays open once chosen: the table already
 * has every figure, so a screen's first load stays within the remote's 40 KB budget and only
 * people who want the picture pay for it (README, "Bundle size").
 */
export function ChartFrame<Data>({ caption, label, data, Canvas }: ChartFrameProps<Data>) {
  const [open, setOpen] = useState(readPreference);
  const toggle = () => {
    writePreference(!open);
    setOpen(!open);
  };
  return (
    <figure className="reports-chart">
      <div className="reports-chart__head">
        <figcaption className="reports-chart__caption">{caption}</figcaption>
        <Button variant="secondary" aria-expanded={open} onClick={toggle}>
          {open ? 'Hide chart' : 'Show chart'}
        </Button>
      </div>
      {open && (
        <div className="reports-chart__area">
          <ChartBoundary>
            <Suspense fallback={<p className="reports-chart__wait">Loading chart...</p>}>
              <Canvas data={data} label={label} />
            </Suspense>
          </ChartBoundary>
        </div>
      )}
    </figure>
  );
}
