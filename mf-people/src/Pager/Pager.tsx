import { ListPager } from 'shared-ui';
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
    <ListPager
      label={label}
      className="mf-people__pager"
      firstLabel="Previous page"
      onFirst={page > 0 ? () => onPageChange(page - 1) : undefined}
      nextLabel="Next page"
      onNext={page < pageCount - 1 ? () => onPageChange(page + 1) : undefined}
      status={`Page ${page + 1} of ${pageCount} (${first}–${last} of ${total})`}
      disabled={disabled}
    />
  );
}
