import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { OrderStatus } from '@tourly/contracts';
import { ErrorDisplay } from '../../shared/ErrorDisplay';
import { Loading } from '../../shared/Loading';
import { Pager } from '../../shared/Pager';
import { PRODUCT_NAME } from '../../shared/strings';
import { OrderFilters } from '../features/orders/components/OrderFilters';
import { OrderList } from '../features/orders/components/OrderList';
import { OrderFloorplanDialog } from '../features/orders/components/OrderFloorplanDialog';
import '../features/orders/orders.css';
import { useOrdersQuery } from '../features/orders/queries';
import { statusParam } from '../features/orders/rules';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from '../../shared/useDebouncedValue';
import '../features/properties/properties.css';

const PAGE_SIZE = 20;

/**
 * `/provider/orders`: the provider's floor-plan orders, newest first, a page at a time (the server's paging), with
 * search (the order's number, the property's title and address; as the person types, debounced) and the status,
 * all kept in the address so that Back returns to the same list. "Order a floor plan" asks for the property, then
 * opens the new order's page.
 */
export default function OrdersPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const search = params.get('search') ?? '';
  const status = statusParam(params.get('status'));
  const [text, setText] = useState(search);
  const typed = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const [ordering, setOrdering] = useState(false);

  function change(next: { page?: number; search?: string; status?: OrderStatus }, replace = false) {
    const merged = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value === undefined || value === '' || (key === 'page' && value === 1)) merged.delete(key);
      else merged.set(key, String(value));
    }
    setParams(merged, { replace });
  }

  // As on the properties page: the typed search reaches the address once typing pauses; Back or a link changing
  // the address puts its search back in the box.
  const pushed = useRef(search);
  useEffect(() => {
    if (typed === search) return;
    pushed.current = typed;
    change({ search: typed, page: 1 }, true);
  }, [typed]);
  useEffect(() => {
    if (search === pushed.current) return;
    pushed.current = search;
    setText(search);
  }, [search]);

  const list = useOrdersQuery({ page, pageSize: PAGE_SIZE, search: search || undefined, status });
  const filtered = search !== '' || status !== undefined;
  const data = list.data;

  const orderButton = (
    <button type="button" className="button button-primary" onClick={() => setOrdering(true)}>
      Order a floor plan
    </button>
  );

  return (
    <div className="page orders-page">
      <title>{`Orders · ${PRODUCT_NAME}`}</title>
      <div className="page-heading">
        <h1>Orders</h1>
        {orderButton}
      </div>
      <OrderFilters
        search={text}
        onSearch={setText}
        status={status}
        onStatus={(value) => change({ status: value, page: 1 })}
      />
      {list.error ? (
        <div className="list-failure">
          <ErrorDisplay error={list.error} />
          <p>Check your connection, then try again.</p>
          <button type="button" className="button button-secondary" onClick={() => void list.refetch()}>
            Try again
          </button>
        </div>
      ) : !data ? (
        <Loading />
      ) : data.totalCount === 0 && !filtered ? (
        <section className="empty-state" aria-label="No orders yet">
          <h2>No orders yet</h2>
          <p>
            Order a floor plan of a property: a drafter draws it from the property&apos;s Matterport space,
            paid with credits.
          </p>
          {orderButton}
        </section>
      ) : data.totalCount === 0 ? (
        <section className="empty-state" aria-label="No matching orders">
          <h2>No orders match</h2>
          <p>
            Nothing matches {search ? `“${search}”` : 'this status'}. Try other words, or clear the search.
          </p>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              setText('');
              setParams(new URLSearchParams());
            }}
          >
            Clear search and filters
          </button>
        </section>
      ) : (
        <>
          <p className="muted" role="status">
            {data.totalCount} {data.totalCount === 1 ? 'order' : 'orders'}
            {list.isFetching ? ' · updating…' : ''}
          </p>
          <OrderList orders={data.items} busy={list.isFetching} />
          <Pager
            label="Orders pages"
            page={data.currentPage}
            totalPages={data.totalPages}
            disabled={list.isFetching}
            onPage={(next) => change({ page: next })}
          />
        </>
      )}
      {ordering && <OrderFloorplanDialog onClose={() => setOrdering(false)} />}
    </div>
  );
}
