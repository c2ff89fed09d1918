import type { AnalyticsOverviewRow, PropertyAnalytics } from './api';
import { addDays, type RangeChoice, rangeOf } from './range';

/*
 * What a provider on the free plan sees behind the upgrade notice, blurred: made-up, round numbers in the page's real
 * layout, never anyone's data (the server sends none on that plan).
 */

/** A made-up property's month: a gentle weekly wave of views. */
export function samplePropertyAnalytics(choice: RangeChoice): PropertyAnalytics {
  const { from, to } = rangeOf(choice);
  const count = Math.min(90, Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1);
  const days = Array.from({ length: count }, (_, index) => {
    const views = 20 + ((index * 7) % 15);
    return { day: addDays(from, index), views, visitors: Math.round(views * 0.7) };
  });
  return {
    from,
    to,
    updatedAt: null,
    totals: { views: 1000, visitors: 700, returningVisitors: 100, averageSeconds: 120, medianSeconds: 90 },
    days,
    devices: [
      { device: 'phone', views: 600 },
      { device: 'desktop', views: 300 },
      { device: 'tablet', views: 100 },
    ],
    referrers: [
      { host: 'www.example.com', views: 500 },
      { host: null, views: 300 },
      { host: 'social.example.com', views: 200 },
    ],
    countries: [
      { country: 'AU', views: 800 },
      { country: 'NZ', views: 200 },
    ],
    languages: [
      { language: 'en', views: 900 },
      { language: 'cn', views: 100 },
    ],
    funnel: { views: 1000, interactions: 500, contacts: 100, leads: 20 },
    places: [
      { sweep: 'sample1', room: 'Kitchen', floor: 0, seconds: 3000, visits: 400, share: 0.3 },
      { sweep: 'sample2', room: 'Living room', floor: 0, seconds: 2500, visits: 350, share: 0.25 },
      { sweep: 'sample3', room: 'Main bedroom', floor: 1, seconds: 2000, visits: 300, share: 0.2 },
      { sweep: 'sample4', room: 'Bathroom', floor: 1, seconds: 1500, visits: 250, share: 0.15 },
      { sweep: 'sample5', room: 'Garden', floor: 0, seconds: 1000, visits: 200, share: 0.1 },
    ],
  };
}

/** Made-up properties for the overview. */
export const SAMPLE_OVERVIEW: AnalyticsOverviewRow[] = [
  {
    propertyId: 'sample-1',
    title: 'Sample property one',
    views: 1000,
    visitors: 700,
    averageSeconds: 120,
    leads: 20,
  },
  {
    propertyId: 'sample-2',
    title: 'Sample property two',
    views: 500,
    visitors: 400,
    averageSeconds: 90,
    leads: 10,
  },
  {
    propertyId: 'sample-3',
    title: 'Sample property three',
    views: 200,
    visitors: 150,
    averageSeconds: 60,
    leads: 5,
  },
];
