import { lazy, Suspense, useId, type ReactNode } from 'react';
import type { PropertyAnalytics } from '../api';
import { countryLabel, deviceLabel, languageLabel, referrerLabel } from '../format';
import { BarList, type BarItem } from './BarList';
import { Funnel } from './Funnel';
import { HeatMap } from './HeatMap';
import { PlacesList } from './PlacesList';
import { Totals } from './Totals';

// Chart.js (about 160 kB) comes in its own chunk while the numbers show: the chart's box keeps its place meanwhile.
const ViewsChart = lazy(() => import('./ViewsChart'));

/**
 * Every section of a property's numbers for a range: the real ones, or the free plan's sample behind its notice. With
 * the property (the real ones), the heat map over its floor plan comes before the ranked list.
 */
export function AnalyticsReport({ data, propertyId }: { data: PropertyAnalytics; propertyId?: string }) {
  const total = data.totals.views;
  return (
    <div className="analytics-report">
      <Totals totals={data.totals} />
      <Suspense fallback={<section className="card chart-placeholder" aria-label="Views per day" />}>
        <ViewsChart days={data.days} />
      </Suspense>
      <Funnel funnel={data.funnel} />
      {propertyId && <HeatMap propertyId={propertyId} places={data.places} />}
      <PlacesList places={data.places} />
      <div className="breakdowns">
        <Breakdown title="Devices">
          <BarList
            label="Views by device"
            total={total}
            items={data.devices.map((row) => item(row.device, deviceLabel(row.device), row.views))}
          />
        </Breakdown>
        <Breakdown title="Referrers">
          <BarList
            label="Views by referrer"
            total={total}
            items={data.referrers.map((row) => item(row.host ?? '', referrerLabel(row.host), row.views))}
          />
        </Breakdown>
        <Breakdown title="Countries">
          <BarList
            label="Views by country"
            total={total}
            items={data.countries.map((row) => item(row.country ?? '', countryLabel(row.country), row.views))}
          />
        </Breakdown>
        <Breakdown title="Languages">
          <BarList
            label="Views by language"
            total={total}
            items={data.languages.map((row) => item(row.language, languageLabel(row.language), row.views))}
          />
        </Breakdown>
      </div>
    </div>
  );
}

const item = (key: string, label: string, value: number): BarItem => ({ key, label, value });

function Breakdown({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {children}
    </section>
  );
}
