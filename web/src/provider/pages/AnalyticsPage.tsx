import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../api/errors';
import { ErrorDisplay } from '../../shared/ErrorDisplay';
import { Loading } from '../../shared/Loading';
import { Pager } from '../../shared/Pager';
import { PRODUCT_NAME } from '../../shared/strings';
import { OverviewTable } from '../features/analytics/components/OverviewTable';
import { PaidPlanGate } from '../features/analytics/components/PaidPlanGate';
import { RangePicker } from '../features/analytics/components/RangePicker';
import { WeeklyReportSetting } from '../features/analytics/components/WeeklyReportSetting';
import '../features/analytics/analytics.css';
import { useAnalyticsOverviewQuery } from '../features/analytics/queries';
import { choiceLabel, choiceOf, rangeOf, searchOf, type RangeChoice } from '../features/analytics/range';
import { SAMPLE_OVERVIEW } from '../features/analytics/sample';
import { PROPERTIES_PATH } from '../features/properties/paths';
import '../features/properties/properties.css';

const PAGE_SIZE = 20;

/**
 * `/provider/analytics` (issue 33, analytics contract §3): every property with views in a range (in the address, as
 * on a property's analytics page, with the page number), most views first, a page at a time: views, visitors,
 * average time in the tour and leads; each row opens the property's analytics for the same range; below, the person's
 * weekly report e-mail. The free plan's 403: sample rows, blurred, under the server's message and the way to upgrade
 * (and no weekly report, which the free plan does not get).
 */
export default function AnalyticsPage() {
  const [params, setParams] = useSearchParams();
  const choice = choiceOf(params);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useAnalyticsOverviewQuery({ ...rangeOf(choice), page, pageSize: PAGE_SIZE });
  const data = list.data;
  const refusal = list.error instanceof ApiError && list.error.status === 403 ? list.error : null;

  // Another range starts at its first page.
  const choose = (next: RangeChoice) => setParams(new URLSearchParams(searchOf(next)));
  const turn = (next: number) => {
    const merged = new URLSearchParams(searchOf(choice));
    if (next > 1) merged.set('page', String(next));
    setParams(merged);
  };

  return (
    <div className="page analytics-page">
      <title>{`Analytics · ${PRODUCT_NAME}`}</title>
      <div className="page-heading">
        <h1>Analytics</h1>
      </div>
      <RangePicker key={searchOf(choice)} choice={choice} onChange={choose} />
      {refusal ? (
        <PaidPlanGate message={refusal.messages.join(' ')}>
          <OverviewTable rows={SAMPLE_OVERVIEW} search="" />
        </PaidPlanGate>
      ) : list.error ? (
        <div className="list-failure">
          <ErrorDisplay error={list.error} />
          <p>Check your connection, then try again.</p>
          <button type="button" className="button button-secondary" onClick={() => void list.refetch()}>
            Try again
          </button>
        </div>
      ) : !data ? (
        <Loading />
      ) : data.totalCount === 0 ? (
        <section className="empty-state" aria-labelledby="no-views">
          <h2 id="no-views">No views in this range</h2>
          <p>
            Share your tours: put their links on the listings, in your e-mails and posts. The numbers appear
            here within a few minutes of the first visit.
          </p>
          <p>
            <Link to={PROPERTIES_PATH}>Open your properties</Link>
          </p>
        </section>
      ) : (
        <>
          <p className="muted" role="status">
            {choiceLabel(choice)} · {data.totalCount} {data.totalCount === 1 ? 'property' : 'properties'} with
            views
            {list.isFetching ? ' · updating…' : ''}
          </p>
          <OverviewTable rows={data.items} search={searchOf(choice)} busy={list.isFetching} />
          <Pager
            label="Analytics pages"
            page={data.currentPage}
            totalPages={data.totalPages}
            disabled={list.isFetching}
            onPage={turn}
          />
        </>
      )}
      {/* Once the overview answered: the free plan's 403 (no report is sent on it) hides it before it shows. */}
      {data && <WeeklyReportSetting />}
    </div>
  );
}
