import type { ReactNode } from 'react';
import { formatRs } from 'contract/browser';
import { AppLink } from '../AppLink';
import './StatCard.css';

export interface StatCardProps {
  label: string;
  value: number | string | null | undefined;
  /** Money cards show the spec's "RS:" prefix and two decimals. */
  money?: boolean;
  /** The screen behind the figure (drill-down): the figure becomes a link to it. */
  href?: string;
  /** A line under the figure (the other period's figure and the change, when compared). */
  detail?: ReactNode;
}

/** One figure with its label (dashboard, finance report, system totals). */
export function StatCard({ label, value, money = false, href, detail }: StatCardProps) {
  const figure = money ? formatRs(value) : String(value ?? 0);
  const shown = href ? <AppLink to={href}>{figure}</AppLink> : figure;
  return (
    <section className="ofs-card ofs-stat" aria-label={label}>
      <h2 className="ofs-stat__label">{label}</h2>
      <p className="ofs-stat__value">{shown}</p>
      {detail !== undefined && <p className="ofs-stat__detail">{detail}</p>}
    </section>
  );
}
