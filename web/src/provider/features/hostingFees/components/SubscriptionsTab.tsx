import { useState } from 'react';
import { HOSTING_LIMITS } from '@tourly/contracts';
import { Link, useNavigate } from 'react-router';
import { Loading } from '../../../../shared/Loading';
import { Pager } from '../../../../shared/Pager';
import { SelectField } from '../../../../shared/SelectField';
import { hostingSubscriptionPath } from '../paths';
import { useCustomersQuery, useSubscriptionsQuery } from '../queries';
import { periodLabel, priceLabel, SUBSCRIPTION_STATUS_LABELS } from '../rules';
import { useListParams } from '../../../../shared/useListParams';
import { ListFailure } from './ListFailure';
import { ListFilters } from './ListFilters';
import { SubscriptionFormModal } from './SubscriptionFormModal';
import { SubscriptionStatusBadge } from './StatusBadge';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The hosting subscriptions (GET /provider/hosting_fees/subscriptions): search, status and customer in the address,
 * paged; each opens its page. "New subscription" opens the new one's page once made.
 */
export function SubscriptionsTab() {
  const navigate = useNavigate();
  const list = useListParams(['status', 'customer_id']);
  const subscriptions = useSubscriptionsQuery({
    page: list.page,
    search: list.search,
    status: list.values.status,
    customerId: list.values.customer_id,
  });
  const customers = useCustomersQuery({ page: 1, search: '' });
  const [creating, setCreating] = useState(false);
  const data = subscriptions.data;
  const customerChoices = customers.data?.items ?? [];
  const customerId = list.values.customer_id;

  const newButton = (
    <button type="button" className="button button-primary" onClick={() => setCreating(true)}>
      New subscription
    </button>
  );

  return (
    <section aria-label="Subscriptions">
      <div className="section-heading">
        <h2>Subscriptions</h2>
        {newButton}
      </div>
      <ListFilters
        label="Subscriptions"
        placeholder="Customer or description"
        list={list}
        statuses={SUBSCRIPTION_STATUS_LABELS}
      >
        <SelectField
          label="Customer"
          value={customerId}
          onChange={(event) => list.setFilter('customer_id', event.target.value)}
        >
          <option value="">All</option>
          {customerId && !customerChoices.some((customer) => customer.id === customerId) && (
            <option value={customerId}>The chosen customer</option>
          )}
          {customerChoices.map((customer) => (
            <option key={customer.id} value={customer.id}>
              {customer.name}
            </option>
          ))}
        </SelectField>
      </ListFilters>
      {subscriptions.error ? (
        <ListFailure error={subscriptions.error} onRetry={() => void subscriptions.refetch()} />
      ) : !data ? (
        <Loading />
      ) : data.totalCount === 0 && !list.filtered ? (
        <section className="empty-state" aria-label="No subscriptions yet">
          <h3>No hosting subscriptions yet</h3>
          <p>
            Bill a client monthly or yearly for keeping their tours online: Stripe makes an invoice each
            period, due {HOSTING_LIMITS.daysUntilDue} days later, with a page where your client pays it.
          </p>
          {newButton}
        </section>
      ) : data.totalCount === 0 ? (
        <section className="empty-state" aria-label="No matching subscriptions">
          <h3>No subscriptions match</h3>
          <p>Try other words, or clear the search and filters.</p>
          <button type="button" className="button button-secondary" onClick={list.clear}>
            Clear search and filters
          </button>
        </section>
      ) : (
        <>
          <p className="muted" role="status">
            {count(data.totalCount, 'subscription', 'subscriptions')}
            {subscriptions.isFetching ? ' · updating…' : ''}
          </p>
          <ul
            className="record-list"
            aria-label="Subscriptions"
            aria-busy={subscriptions.isFetching || undefined}
          >
            {data.items.map((subscription) => (
              <li key={subscription.id} className="record-row">
                <div className="record-row-main">
                  <h3 className="record-row-title">
                    <Link to={hostingSubscriptionPath(subscription.id)}>{subscription.customerName}</Link>
                  </h3>
                  <p className="record-row-line">
                    {priceLabel(subscription.amount, subscription.currency, subscription.interval)} ·{' '}
                    {count(subscription.propertyIds.length, 'property', 'properties')}
                  </p>
                  {subscription.description && (
                    <p className="record-row-line muted">{subscription.description}</p>
                  )}
                  <p className="record-row-line">
                    <SubscriptionStatusBadge status={subscription.status} />{' '}
                    <span className="muted">{periodLabel(subscription)}</span>
                  </p>
                </div>
              </li>
            ))}
          </ul>
          <Pager
            label="Subscriptions pages"
            page={data.currentPage}
            totalPages={data.totalPages}
            disabled={subscriptions.isFetching}
            onPage={list.setPage}
          />
        </>
      )}
      {creating && (
        <SubscriptionFormModal
          initialCustomerId={customerId}
          onClose={() => setCreating(false)}
          onSaved={(subscription) => navigate(hostingSubscriptionPath(subscription.id))}
        />
      )}
    </section>
  );
}
