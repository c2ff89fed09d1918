import { formatCount, formatShare } from '../format';

export interface BarItem {
  key: string;
  label: string;
  value: number;
}

/**
 * A ranked list (most first) with a bar per item, its length its share of `total` (the views of the range): the words
 * and numbers carry the meaning, the bars are for the eye only.
 */
export function BarList({ label, items, total }: { label: string; items: BarItem[]; total: number }) {
  if (items.length === 0) return <p className="muted">None in this range.</p>;
  return (
    <ol className="bar-list" aria-label={label}>
      {[...items]
        .sort((a, b) => b.value - a.value)
        .map((item) => (
          <li key={item.key} className="bar-row">
            <span className="bar-row-label">{item.label}</span>
            <span className="bar-row-value">
              {formatCount(item.value)} <span className="muted">· {formatShare(item.value, total)}</span>
            </span>
            <span className="bar-track" aria-hidden="true">
              <span
                className="bar-fill"
                style={{ width: `${total > 0 ? (item.value / total) * 100 : 0}%` }}
              />
            </span>
          </li>
        ))}
    </ol>
  );
}
