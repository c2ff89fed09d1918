interface PagerProps {
  /** What is paged, for screen readers: 'Users pages'. */
  label: string;
  page: number;
  totalPages: number;
  onPage(page: number): void;
  disabled?: boolean;
}

/** Previous and next page of a paged list, with where the reader is; nothing when there is one page. */
export function Pager({ label, page, totalPages, onPage, disabled = false }: PagerProps) {
  if (totalPages <= 1) return null;
  return (
    <nav className="pager" aria-label={label}>
      <button
        type="button"
        className="button button-secondary"
        disabled={disabled || page <= 1}
        onClick={() => onPage(page - 1)}
      >
        Previous
      </button>
      <span className="pager-position" aria-live="polite">
        Page {page} of {totalPages}
      </span>
      <button
        type="button"
        className="button button-secondary"
        disabled={disabled || page >= totalPages}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}
