import { Link } from 'react-router';
import { propertyPath } from '../../properties/paths';
import type { AnalyticsOverviewRow } from '../api';
import { formatCount, formatSeconds } from '../format';
import { propertyAnalyticsPath } from '../paths';

/**
 * The overview's rows: a property's title (its analytics for the same range; `search` carries the range) with a link
 * to the property's page, then its numbers. A table that turns into one block per property on a phone.
 */
export function OverviewTable({
  rows,
  search,
  busy = false,
}: {
  rows: AnalyticsOverviewRow[];
  search: string;
  busy?: boolean;
}) {
  return (
    <table className="data-table analytics-overview" aria-busy={busy || undefined}>
      <thead>
        <tr>
          <th scope="col">Property</th>
          <th scope="col">Views</th>
          <th scope="col">Visitors</th>
          <th scope="col">Average time</th>
          <th scope="col">Leads</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.propertyId}>
            <td data-label="Property">
              {/* One block: on a phone the cell lays its label and content side by side. */}
              <div>
                <Link to={propertyAnalyticsPath(row.propertyId, search)}>{row.title}</Link>
                <span className="analytics-overview-property">
                  <Link to={propertyPath(row.propertyId)}>
                    Property page<span className="visually-hidden"> of {row.title}</span>
                  </Link>
                </span>
              </div>
            </td>
            <td data-label="Views">{formatCount(row.views)}</td>
            <td data-label="Visitors">{formatCount(row.visitors)}</td>
            <td data-label="Average time">{formatSeconds(row.averageSeconds)}</td>
            <td data-label="Leads">{formatCount(row.leads)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
