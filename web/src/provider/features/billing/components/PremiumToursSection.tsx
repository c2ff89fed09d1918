import { useId, useState, type ReactNode } from 'react';
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PROBLEM_SUBSCRIPTION_STATUSES } from '@tourly/contracts';
import type { Page } from '../../../../api/client';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { formatDate, formatMoney } from '../../../../shared/format';
import { Pager } from '../../../../shared/Pager';
import { TextField } from '../../../../shared/TextField';
import type { Property } from '../../properties/api';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from '../../../../shared/useDebouncedValue';
import { propertyPath } from '../../properties/paths';
import type { ImmersiveExtension, TourSearch } from '../api';
import { immersiveExtensionsQuery, premiumToursQuery } from '../queries';
import './premiumTours.css';

const PAGE_SIZE = 10;
const WHERE_TO_PAY =
  'Premium tours beyond your plan can be paid for separately from a property’s Publishing section.';

/**
 * Premium tours and add-ons (000 §2): the provider's premium tours, each included in the plan or paid separately
 * (GET /provider/billing/premium_tours), and the premium tours paid separately with their price, status and
 * renewal or end (GET /provider/billing/immersive_extensions). One search box (debounced) searches both lists
 * (titles; the premium tours' addresses too); each list is paged on its own and links every tour to its page.
 */
export function PremiumToursSection() {
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);

  return (
    <section className="card" aria-labelledby="billing-premium-tours">
      <h2 id="billing-premium-tours">Premium tours and add-ons</h2>
      <p className="muted">
        Each premium tour takes one of the places your plan includes, unless it is paid separately.{' '}
        {WHERE_TO_PAY}
      </p>
      <div role="search" aria-label="Premium tours">
        <TextField
          label="Search tours"
          type="search"
          placeholder="Title"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <PagedTours<Property>
        title="Premium tours"
        search={search}
        query={premiumToursQuery}
        empty="No premium tours yet. Make a tour premium from its property’s Publishing section."
        columns={[
          { label: 'Tour', cell: (tour) => <Link to={propertyPath(tour.id)}>{tour.title}</Link> },
          { label: 'Address', cell: (tour) => tour.geocodedAddress?.formattedAddress ?? tour.address },
          {
            label: 'Paid',
            cell: (tour) =>
              tour.immexSubscriptionId ? (
                <span className="badge badge-progress">Paid separately</span>
              ) : (
                'Included in your plan'
              ),
          },
        ]}
      />
      <PagedTours<ImmersiveExtension>
        title="Paid separately"
        search={search}
        query={immersiveExtensionsQuery}
        empty={`No premium tours are paid separately. ${WHERE_TO_PAY}`}
        columns={[
          {
            label: 'Tour',
            cell: (paid) => <Link to={propertyPath(paid.propertyId)}>{paid.propertyTitle}</Link>,
          },
          { label: 'Price', cell: (paid) => `${formatMoney(paid.amountInCents, paid.currency)} / month` },
          {
            label: 'Status',
            cell: (paid) => {
              const { label, badge } = statusOf(paid);
              return <span className={`badge ${badge}`}>{label}</span>;
            },
          },
          { label: 'Renews or ended', cell: periodOf },
        ]}
      />
    </section>
  );
}

function statusOf(paid: ImmersiveExtension): { label: string; badge: string } {
  if (paid.endedAt) return { label: 'Ended', badge: 'badge-neutral' };
  if (PROBLEM_SUBSCRIPTION_STATUSES.includes(paid.status))
    return { label: 'Payment failed', badge: 'badge-danger' };
  if (paid.status === 'incomplete') return { label: 'Waiting for payment', badge: 'badge-progress' };
  return { label: 'Active', badge: 'badge-success' };
}

function periodOf(paid: ImmersiveExtension): string {
  if (paid.endedAt) return `Ended on ${formatDate(paid.endedAt)}`;
  return paid.currentPeriodEnd ? `Renews on ${formatDate(paid.currentPeriodEnd)}` : '—';
}

interface PagedToursProps<T> {
  title: string;
  search: string;
  query(search: TourSearch): UseQueryOptions<Page<T>>;
  /** What the list says when there is nothing at all (not when a search finds nothing). */
  empty: string;
  columns: Array<{ label: string; cell(item: T): ReactNode }>;
}

/** One paged table of tours under its own heading, back on its first page whenever the search changes. */
function PagedTours<T extends { id: string }>({ title, search, query, empty, columns }: PagedToursProps<T>) {
  const headingId = useId();
  const [at, setAt] = useState({ search, page: 1 });
  const page = at.search === search ? at.page : 1;
  const list = useQuery(query({ page, pageSize: PAGE_SIZE, search }));
  const data = list.data;

  return (
    <section className="premium-tours-list" aria-labelledby={headingId}>
      <h3 id={headingId}>{title}</h3>
      {list.error ? (
        <ErrorDisplay error={list.error} />
      ) : !data ? (
        <p className="muted" role="status">
          Loading…
        </p>
      ) : data.totalCount === 0 ? (
        <p className="muted">{search ? `Nothing matches “${search}”.` : empty}</p>
      ) : (
        <>
          <table className="data-table" aria-labelledby={headingId} aria-busy={list.isFetching || undefined}>
            <thead>
              <tr>
                {columns.map(({ label }) => (
                  <th key={label} scope="col">
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.items.map((item) => (
                <tr key={item.id}>
                  {columns.map(({ label, cell }) => (
                    <td key={label} data-label={label}>
                      {cell(item)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          <Pager
            label={`${title} pages`}
            page={data.currentPage}
            totalPages={data.totalPages}
            disabled={list.isFetching}
            onPage={(next) => setAt({ search, page: next })}
          />
        </>
      )}
    </section>
  );
}
