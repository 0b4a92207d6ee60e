import { Button } from 'shared-ui';
import './Pager.css';

export interface PagerProps {
  /** 0-based. */
  page: number;
  pageCount: number;
  /** Rows on all pages, after filtering. */
  total: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  /** Accessible name of the navigation landmark (e.g. "Users pages"). */
  label: string;
  disabled?: boolean;
}

/** Previous / Next through a client-side paged list, with where you are announced politely. */
export function Pager({
  page,
  pageCount,
  total,
  pageSize,
  onPageChange,
  label,
  disabled = false,
}: PagerProps) {
  if (pageCount <= 1) return null;
  const first = page * pageSize + 1;
  const last = Math.min(total, first + pageSize - 1);
  return (
    <nav aria-label={label} className="mf-people__pager">
      <Button
        variant="secondary"
        disabled={disabled || page === 0}
        onClick={() => onPageChange(page - 1)}
      >
        Previous page
      </Button>
      <span aria-live="polite">
        Page {page + 1} of {pageCount} ({first}–{last} of {total})
      </span>
      <Button
        variant="secondary"
        disabled={disabled || page >= pageCount - 1}
        onClick={() => onPageChange(page + 1)}
      >
        Next page
      </Button>
    </nav>
  );
}
