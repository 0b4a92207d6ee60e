import type { ReactNode } from 'react';
import './ReportLayout.css';

export interface ReportLayoutProps {
  title: string;
  /** The period the figures cover, in words; printed under the title. */
  period?: string;
  /** Pickers, dates and the action button; never printed. */
  filters?: ReactNode;
  children: ReactNode;
}

/**
 * The frame of every report screen. A printout carries the title and the period of the figures
 * (the filter controls and the shell's chrome are dropped by the shared print stylesheet), so
 * a paper copy still says what it covers.
 */
export function ReportLayout({ title, period, filters, children }: ReportLayoutProps) {
  return (
    <article className="reports-page">
      <header className="reports-page__header">
        <h1 className="ofs-page-title">{title}</h1>
        {period && <p className="reports-page__period">Period: {period}</p>}
      </header>
      {filters && <div className="ofs-no-print">{filters}</div>}
      {children}
    </article>
  );
}
