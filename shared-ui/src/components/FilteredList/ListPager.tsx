import { Button } from '../Button';

export interface ListPagerProps {
  /** Accessible name of the pager ("Pages", "Activity pages"). */
  label: string;
  className?: string;
  /** The first page's button ("First page", "Newest"), enabled when not on it. */
  firstLabel: string;
  onFirst?: () => void;
  /** The next page's button ("Next page", "Older"), enabled when there is one. */
  nextLabel: string;
  onNext?: () => void;
  disabled?: boolean;
}

/** The two buttons of a list paged by position: back to the first page, on to the next. */
export function ListPager({
  label,
  className,
  firstLabel,
  onFirst,
  nextLabel,
  onNext,
  disabled = false,
}: ListPagerProps) {
  return (
    <nav className={className} aria-label={label}>
      <Button variant="secondary" disabled={!onFirst || disabled} onClick={onFirst}>
        {firstLabel}
      </Button>
      <Button variant="secondary" disabled={!onNext || disabled} onClick={onNext}>
        {nextLabel}
      </Button>
    </nav>
  );
}
