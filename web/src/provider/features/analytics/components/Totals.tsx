import type { AnalyticsTotals } from '../api';
import { formatCount, formatSeconds } from '../format';

/** The range's headline numbers, one tile each. */
export function Totals({ totals }: { totals: AnalyticsTotals }) {
  const tiles = [
    { label: 'Views', value: formatCount(totals.views) },
    { label: 'Visitors', value: formatCount(totals.visitors), note: 'unique' },
    { label: 'Returning visitors', value: formatCount(totals.returningVisitors), note: 'came back' },
    { label: 'Average time in tour', value: formatSeconds(totals.averageSeconds) },
    { label: 'Median time in tour', value: formatSeconds(totals.medianSeconds), note: 'half stayed longer' },
  ];
  return (
    <section aria-label="Totals">
      <dl className="stat-tiles">
        {tiles.map((tile) => (
          <div key={tile.label} className="stat-tile">
            <dt>{tile.label}</dt>
            <dd className="stat-tile-value">{tile.value}</dd>
            {tile.note && <dd className="stat-tile-note muted">{tile.note}</dd>}
          </div>
        ))}
      </dl>
    </section>
  );
}
