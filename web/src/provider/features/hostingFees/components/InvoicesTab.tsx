import { Link } from 'react-router';
import { Loading } from '../../../../shared/Loading';
import { Pager } from '../../../../shared/Pager';
import { HOSTING_INVOICES_PATH, hostingSubscriptionPath } from '../paths';
import { useInvoicesQuery } from '../queries';
import { INVOICE_STATUS_LABELS } from '../rules';
import { useListParams } from '../../../../shared/useListParams';
import { InvoiceList } from './InvoiceList';
import { ListFailure } from './ListFailure';
import { ListFilters } from './ListFilters';

const count = (n: number) => `${n} ${n === 1 ? 'invoice' : 'invoices'}`;

/**
 * The hosting-fee invoices (GET /provider/hosting_fees/invoices.json), newest first: search (number, customer),
 * status, and one subscription's (from its page), all in the address, paged.
 */
export function InvoicesTab() {
  const list = useListParams(['status', 'subscription_id']);
  const subscriptionId = list.values.subscription_id;
  const invoices = useInvoicesQuery({
    page: list.page,
    search: list.search,
    status: list.values.status,
    subscriptionId,
  });
  const data = invoices.data;

  return (
    <section aria-label="Invoices">
      <h2>Invoices</h2>
      {subscriptionId && (
        <p className="alert alert-info">
          The invoices of <Link to={hostingSubscriptionPath(subscriptionId)}>one subscription</Link>.{' '}
          <Link to={HOSTING_INVOICES_PATH}>Show every invoice</Link>
        </p>
      )}
      <ListFilters
        label="Invoices"
        placeholder="Invoice number or customer"
        list={list}
        statuses={INVOICE_STATUS_LABELS}
      />
      {invoices.error ? (
        <ListFailure error={invoices.error} onRetry={() => void invoices.refetch()} />
      ) : !data ? (
        <Loading />
      ) : data.totalCount === 0 && !list.filtered ? (
        <section className="empty-state" aria-label="No invoices yet">
          <h3>No invoices yet</h3>
          <p>Each hosting subscription makes its first invoice when it starts.</p>
        </section>
      ) : data.totalCount === 0 ? (
        <section className="empty-state" aria-label="No matching invoices">
          <h3>No invoices match</h3>
          <button type="button" className="button button-secondary" onClick={list.clear}>
            Clear search and filters
          </button>
        </section>
      ) : (
        <>
          <p className="muted" role="status">
            {count(data.totalCount)}
            {invoices.isFetching ? ' · updating…' : ''}
          </p>
          <InvoiceList invoices={data.items} busy={invoices.isFetching} />
          <Pager
            label="Invoices pages"
            page={data.currentPage}
            totalPages={data.totalPages}
            disabled={invoices.isFetching}
            onPage={list.setPage}
          />
        </>
      )}
    </section>
  );
}
