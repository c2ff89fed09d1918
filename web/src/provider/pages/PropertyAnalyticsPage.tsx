import { Link, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../api/errors';
import { ErrorDisplay } from '../../shared/ErrorDisplay';
import { formatDateTime } from '../../shared/format';
import { Loading } from '../../shared/Loading';
import { PRODUCT_NAME } from '../../shared/strings';
import { AnalyticsDataSection } from '../features/analytics/components/AnalyticsDataSection';
import { AnalyticsReport } from '../features/analytics/components/AnalyticsReport';
import { PaidPlanGate } from '../features/analytics/components/PaidPlanGate';
import { RangePicker } from '../features/analytics/components/RangePicker';
import '../features/analytics/analytics.css';
import { ANALYTICS_PATH } from '../features/analytics/paths';
import '../features/properties/properties.css';
import { usePropertyAnalyticsQuery } from '../features/analytics/queries';
import { choiceOf, rangeOf, searchOf, type RangeChoice } from '../features/analytics/range';
import { samplePropertyAnalytics } from '../features/analytics/sample';
import { LeadsSection } from '../features/properties/components/LeadsSection';
import { propertyPath, PROPERTIES_PATH } from '../features/properties/paths';
import { usePropertyQuery } from '../features/properties/queries';
import { useAccountPermissionsQuery } from '../features/settings/queries';

/**
 * `/provider/properties/:id/analytics` (issue 33, analytics contract §3): who visited the property's tour in a range
 * of days (kept in the address: `?range=7d|30d|90d` or `?from&to`): the totals, views per day, the engagement funnel,
 * where visitors spent their time, devices, referrers, countries and languages, the leads with the rooms their
 * visitors stayed in; Export CSV and, for admins, deleting
 * the data. On the free plan the server refuses (403): the layout with sample numbers, blurred, under its message
 * and the way to upgrade.
 */
export default function PropertyAnalyticsPage() {
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const choice = choiceOf(params);
  const range = rangeOf(choice);
  const property = usePropertyQuery(id);
  const analytics = usePropertyAnalyticsQuery(id, range);
  const isAdmin = useAccountPermissionsQuery().data?.role === 'admin';
  const title = property.data?.title;
  const data = analytics.data;
  const error = analytics.error ?? property.error;
  const notFound = error instanceof ApiError && error.status === 404;
  // The free plan (contract §3): the server's message says why and what to do.
  const refusal =
    analytics.error instanceof ApiError && analytics.error.status === 403 ? analytics.error : null;

  const choose = (next: RangeChoice) => setParams(new URLSearchParams(searchOf(next)));

  if (notFound) {
    return (
      <div className="page">
        <title>{`Property not found · ${PRODUCT_NAME}`}</title>
        <section className="empty-state" aria-labelledby="property-not-found">
          <h1 id="property-not-found">Property not found</h1>
          <p>It may have been deleted, or the link is not quite right.</p>
          <p>
            <Link to={PROPERTIES_PATH}>Back to your properties</Link>
          </p>
        </section>
      </div>
    );
  }

  return (
    <div className="page analytics-page">
      <title>{`Analytics${title ? ` · ${title}` : ''} · ${PRODUCT_NAME}`}</title>
      <p className="back-link">
        <Link to={propertyPath(id)}>← {title ?? 'Property'}</Link>
      </p>
      <div className="page-heading">
        <h1>Analytics</h1>
        <Link to={`${ANALYTICS_PATH}${searchOf(choice)}`}>All properties</Link>
      </div>
      <RangePicker key={searchOf(choice)} choice={choice} onChange={choose} />
      {refusal ? (
        <PaidPlanGate message={refusal.messages.join(' ')}>
          <AnalyticsReport data={samplePropertyAnalytics(choice)} />
        </PaidPlanGate>
      ) : analytics.error ? (
        <div className="list-failure">
          <ErrorDisplay error={analytics.error} />
          <button type="button" className="button button-secondary" onClick={() => void analytics.refetch()}>
            Try again
          </button>
        </div>
      ) : !data ? (
        <Loading />
      ) : (
        <div aria-busy={analytics.isPlaceholderData || undefined} className="analytics-body">
          <p className="muted" role="status">
            {data.from} to {data.to} (UTC) ·{' '}
            {data.updatedAt ? `numbers as of ${formatDateTime(data.updatedAt)}` : 'not counted yet'}
            {analytics.isFetching ? ' · updating…' : ''}
          </p>
          {data.totals.views === 0 ? (
            <NoVisits propertyId={id} counted={data.updatedAt !== null} />
          ) : (
            <>
              <AnalyticsReport data={data} propertyId={id} />
              {/* The leads beside the funnel that counts them, each with the rooms its visitor stayed in. */}
              <LeadsSection propertyId={id} />
            </>
          )}
          <AnalyticsDataSection propertyId={id} propertyTitle={title ?? 'this property'} isAdmin={isAdmin} />
        </div>
      )}
    </div>
  );
}

/** No views in the range: what to do to get some, and when they show. */
function NoVisits({ propertyId, counted }: { propertyId: string; counted: boolean }) {
  return (
    <section className="empty-state" aria-labelledby="no-visits">
      <h2 id="no-visits">{counted ? 'No visits in this range' : 'No visits yet'}</h2>
      <p>
        Share the tour: put its link on the listing, in your e-mails and posts. The numbers appear here within
        a few minutes of the first visit.
      </p>
      {counted && <p>Or choose a longer range above.</p>}
      <p>
        <Link to={propertyPath(propertyId)}>Open the property to copy its tour’s link</Link>
      </p>
    </section>
  );
}
