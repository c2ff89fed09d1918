import { useState } from 'react';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../../api/errors';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { formatDate } from '../../../../shared/format';
import { Loading } from '../../../../shared/Loading';
import { PRODUCT_NAME } from '../../../../shared/strings';
import { fetchProperty, type Property } from '../../properties/api';
import { propertyPath } from '../../properties/paths';
import { propertyKeys, useHostingExemptMutation } from '../../properties/queries';
import { useBilling } from '../../billing/BillingContext';
import type { HostingSubscription } from '../api';
import { HOSTING_FEES_PATH, subscriptionInvoicesPath } from '../paths';
import {
  hostingKeys,
  useAdvanceCustomerTestClockMutation,
  useCustomerTestClockQuery,
  useInvoicesQuery,
  useSubscriptionQuery,
  useTaxRateChoicesQuery,
} from '../queries';
import { TestClockPanel } from '../../billing/components/TestClockPanel';
import { isEnded, periodLabel, priceLabel, taxRateLabel } from '../rules';
import { CancelSubscriptionDialog } from './CancelSubscriptionDialog';
import { InvoiceList } from './InvoiceList';
import { SubscriptionStatusBadge } from './StatusBadge';

/**
 * `/provider/hosting_fees/subscriptions/:id`: one hosting subscription: its customer, price, properties (linked),
 * tax rates, period, and its invoices; "Cancel subscription" (asked first) while it runs. Another provider's or a
 * malformed id: "Subscription not found", with the way back.
 */
export function SubscriptionDetails() {
  const { id = '' } = useParams();
  const subscription = useSubscriptionQuery(id);
  const [cancelling, setCancelling] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);

  if (subscription.error) {
    const missing = subscription.error instanceof ApiError && subscription.error.status === 404;
    return (
      <>
        <ErrorDisplay error={subscription.error} title={missing ? 'Subscription not found' : undefined} />
        <Link to={HOSTING_FEES_PATH}>Back to subscriptions</Link>
      </>
    );
  }
  if (!subscription.data) return <Loading />;
  const data = subscription.data;

  return (
    <>
      <title>{`${data.customerName} · Hosting fees · ${PRODUCT_NAME}`}</title>
      <p>
        <Link to={HOSTING_FEES_PATH}>← Subscriptions</Link>
      </p>
      <div className="section-heading">
        <h2>{data.customerName}</h2>
        {!isEnded(data.status) && (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              setFailure(null);
              setCancelling(true);
            }}
          >
            Cancel subscription
          </button>
        )}
      </div>
      <ErrorDisplay error={failure} />
      <section className="card" aria-label="Subscription details">
        <p>
          <SubscriptionStatusBadge status={data.status} /> <span className="muted">{periodLabel(data)}</span>
        </p>
        <dl className="details">
          <dt>Price</dt>
          <dd>{priceLabel(data.amount, data.currency, data.interval)}</dd>
          <dt>Tax</dt>
          <dd>
            <TaxRates ids={data.taxRateIds} />
          </dd>
          {data.description && (
            <>
              <dt>Description</dt>
              <dd>{data.description}</dd>
            </>
          )}
          {data.applicationFeePercent !== null && (
            <>
              <dt>Platform fee</dt>
              <dd>{data.applicationFeePercent}%</dd>
            </>
          )}
          <dt>Started</dt>
          <dd>{formatDate(data.createdAt)}</dd>
        </dl>
      </section>
      <Properties subscription={data} />
      <SubscriptionInvoices id={data.id} createdAt={data.createdAt} />
      <CustomerTestClock customerId={data.customerId} customerName={data.customerName} />
      {cancelling && (
        <CancelSubscriptionDialog
          subscription={data}
          open
          onClose={() => setCancelling(false)}
          onFailed={setFailure}
        />
      )}
    </>
  );
}

function TaxRates({ ids }: { ids: readonly string[] }) {
  const rates = useTaxRateChoicesQuery();
  if (ids.length === 0) return <>None</>;
  const byId = new Map((rates.data?.items ?? []).map((rate) => [rate.id, rate]));
  return <>{ids.map((id) => (byId.get(id) ? taxRateLabel(byId.get(id)!) : id)).join(', ')}</>;
}

/**
 * The properties whose tours the subscription keeps online, by title (each read as its page reads it): which are
 * paused for visitors because an invoice is overdue, and (admins) which stay online whatever the invoices say.
 */
function Properties({ subscription }: { subscription: HostingSubscription }) {
  const { canManageBilling } = useBilling();
  const properties = useQueries({
    queries: subscription.propertyIds.map((id) => ({
      queryKey: propertyKeys.details(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchProperty(id, signal),
    })),
  });
  return (
    <section className="card" aria-labelledby="hosted-properties">
      <h3 id="hosted-properties">Properties</h3>
      <ul className="plain-list hosted-properties" aria-label="Hosted properties">
        {subscription.propertyIds.map((id, index) => {
          const property = properties[index]?.data;
          return (
            <li key={id}>
              <Link to={propertyPath(id)}>
                {property?.title ?? (properties[index]?.error ? id : 'Loading…')}
              </Link>
              {property?.hosting.paused && <span className="badge badge-danger">Paused for visitors</span>}
              {property && canManageBilling && <ExemptCheck property={property} />}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** "Keep online": the box shows what was asked at once, and what the server holds once it has answered. */
function ExemptCheck({ property }: { property: Property }) {
  const exempt = useHostingExemptMutation();
  const [asked, setAsked] = useState<boolean | null>(null);
  return (
    <>
      <label className="check">
        <input
          type="checkbox"
          checked={asked ?? property.hosting.exempt}
          disabled={exempt.isPending}
          onChange={async (event) => {
            setAsked(event.target.checked);
            await exempt.run(property.id, event.target.checked);
            setAsked(null);
          }}
        />
        Keep online even when an invoice is overdue
      </label>
      {exempt.error !== null && <ErrorDisplay error={exempt.error} />}
    </>
  );
}

/**
 * Test mode: the customer's own clock at Stripe. Moved past a renewal and its payment window, the renewal's invoice
 * falls overdue and the subscription's tours pause; what the page shows is asked again as billing hears of it.
 */
/** A month, then the default payment window (14 days) and a day: far enough for a renewal's invoice to fall overdue. */
const DAYS_PAST_A_RENEWAL_DUE = 46;

function CustomerTestClock({ customerId, customerName }: { customerId: string; customerName: string }) {
  const client = useQueryClient();
  const clock = useCustomerTestClockQuery(customerId);
  const advance = useAdvanceCustomerTestClockMutation(customerId);
  return (
    <TestClockPanel
      clock={clock}
      advance={advance}
      heading="h3"
      initialDays={DAYS_PAST_A_RENEWAL_DUE}
      notStarted="This customer has no clock: it was made before test clocks were on."
      onAdvanced={() =>
        void Promise.all([
          client.invalidateQueries({ queryKey: hostingKeys.all }),
          client.invalidateQueries({ queryKey: propertyKeys.all }),
        ])
      }
    >
      Test mode: {customerName} has a clock of its own at Stripe. Move it forward to see the subscription
      renew, and an invoice left unpaid past its due date pause the tours.
    </TestClockPanel>
  );
}

/** How long after a subscription is made its page waits for the first invoice to reach billing. */
const FIRST_INVOICE_WAIT_MS = 120_000;

function SubscriptionInvoices({ id, createdAt }: { id: string; createdAt: string }) {
  const [madeAt] = useState(() => Date.parse(createdAt));
  const invoices = useInvoicesQuery(
    { page: 1, search: '', status: '', subscriptionId: id },
    Date.now() - madeAt < FIRST_INVOICE_WAIT_MS,
  );
  const data = invoices.data;
  return (
    <section aria-labelledby="subscription-invoices">
      <h3 id="subscription-invoices">Invoices</h3>
      <ErrorDisplay error={invoices.error} />
      {!data ? (
        !invoices.error && <Loading />
      ) : data.totalCount === 0 ? (
        <p className="muted">
          No invoices yet: the first one shows here a moment after the subscription starts.
        </p>
      ) : (
        <>
          <InvoiceList invoices={data.items} busy={invoices.isFetching} linkSubscription={false} />
          {data.totalPages > 1 && (
            <p>
              <Link to={subscriptionInvoicesPath(id)}>All {data.totalCount} invoices</Link>
            </p>
          )}
        </>
      )}
    </section>
  );
}
