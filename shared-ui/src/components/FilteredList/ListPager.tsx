import type { ReactNode } from 'react';
import { Button } from '../Button';

export interface ListPagerProps {
  /** Accessible name of the pager ("Pages", "Activity pages"). */
  label: string;
  className?: string;
  /** The back button ("First page", "Newest", "Previous page"), enabled when given a handler. */
  firstLabel: string;
  onFirst?: () => void;
  /** The next page's button ("Next page", "Older"), enabled when there is one. */
  nextLabel: string;
  onNext?: () => void;
  /** Where the list is ("Page 2 of 5"), between the buttons, announced politely. */
  status?: ReactNode;
  disabled?: boolean;
}

/**
 * The one pager of the lists: a back button (to the first page of a list paged by position, or
 * the previous page of one paged by number), where the list is, and on to the next page.
 */
export function ListPager({
  label,
  className,
  firstLabel,
  onFirst,
  nextLabel,
  onNext,
  status,
  disabled = false,
}: ListPagerProps) {
  return (
    <nav className={className} aria-label={label}>
      <Button variant="secondary" disabled={!onFirst || disabled} onClick={onFirst}>
        {firstLabel}
      </Button>
      {status !== undefined && <span aria-live="polite">{status}</span>}
      <Button variant="secondary" disabled={!onNext || disabled} onClick={onNext}>
        {nextLabel}
      </Button>
    </nav>
  );
}
