import { useState } from 'react';
import { FLOORPLAN_KINDS, type FloorplanKind } from '@tourly/contracts';
import { ErrorDisplay } from '../../shared/ErrorDisplay';
import { Loading } from '../../shared/Loading';
import { Pager } from '../../shared/Pager';
import { SelectField } from '../../shared/SelectField';
import { PRODUCT_NAME } from '../../shared/strings';
import { TextField } from '../../shared/TextField';
import { useListParams } from '../../shared/useListParams';
import { ClientOptions, ClientSearch } from '../features/clients/components/ClientSearch';
import { useClientChoices } from '../features/clients/queries';
import { DrawingSettings } from '../features/floorplans/components/DrawingSettings';
import { VariantList } from '../features/floorplans/components/VariantList';
import '../features/floorplans/floorplans.css';
import { useVariantsQuery } from '../features/floorplans/queries';
import { OrderFloorplanDialog } from '../features/orders/components/OrderFloorplanDialog';
import '../features/orders/orders.css';
import { kindLabel } from '../features/orders/rules';

const PAGE_SIZE = 20;

const kindParam = (value: string): FloorplanKind | undefined =>
  FLOORPLAN_KINDS.find((kind) => kind === value);

/**
 * `/provider/floorplans`: every plan the provider's orders delivered, newest first, a page at a time, searched by
 * name (as the person types, debounced), by kind or by client, all kept in the address; each plan handed to a client
 * or opened from its row. Above them, how the plans are drawn.
 */
export default function FloorplansPage() {
  const list = useListParams(['kind', 'client'] as const);
  const { page, search, text, setText, filtered } = list;
  const kind = kindParam(list.values.kind);
  const clientId = list.values.client || undefined;
  const [ordering, setOrdering] = useState(false);
  const clients = useClientChoices(clientId);

  const variants = useVariantsQuery({
    page,
    pageSize: PAGE_SIZE,
    search: search || undefined,
    kind,
    clientId,
  });
  const data = variants.data;

  const orderButton = (
    <button type="button" className="button button-primary" onClick={() => setOrdering(true)}>
      Order a floor plan
    </button>
  );

  return (
    <div className="page floorplans-page">
      <title>{`Floor plans · ${PRODUCT_NAME}`}</title>
      <div className="page-heading">
        <h1>Floor plans</h1>
        {orderButton}
      </div>
      <DrawingSettings />
      <div className="floorplan-filters" role="search" aria-label="Floor plans">
        <TextField
          label="Search"
          type="search"
          placeholder="Plan name"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <SelectField
          label="Kind"
          value={kind ?? ''}
          onChange={(event) => list.setFilter('kind', event.target.value)}
        >
          <option value="">All kinds</option>
          {FLOORPLAN_KINDS.map((value) => (
            <option key={value} value={value}>
              {kindLabel(value)}
            </option>
          ))}
        </SelectField>
        <div>
          <SelectField
            label="Client"
            value={clientId ?? ''}
            onChange={(event) => list.setFilter('client', event.target.value)}
          >
            <option value="">Any client</option>
            <ClientOptions choices={clients} />
          </SelectField>
          <ClientSearch choices={clients} />
        </div>
      </div>
      {variants.error ? (
        <div className="list-failure">
          <ErrorDisplay error={variants.error} />
          <p>Check your connection, then try again.</p>
          <button type="button" className="button button-secondary" onClick={() => void variants.refetch()}>
            Try again
          </button>
        </div>
      ) : !data ? (
        <Loading />
      ) : data.totalCount === 0 && !filtered ? (
        <section className="empty-state" aria-label="No floor plans yet">
          <h2>No floor plans yet</h2>
          <p>
            Each plan an order delivers is kept here, to hand to a client or open again. Order a floor plan of
            a property: a drafter draws it from the property&apos;s Matterport space, paid with credits.
          </p>
          {orderButton}
        </section>
      ) : data.totalCount === 0 ? (
        <section className="empty-state" aria-label="No matching floor plans">
          <h2>No floor plans match</h2>
          <p>
            Nothing matches {search ? `“${search}”` : 'these filters'}. Try other words, or clear the filters.
          </p>
          <button type="button" className="button button-secondary" onClick={list.clear}>
            Clear search and filters
          </button>
        </section>
      ) : (
        <>
          <p className="muted" role="status">
            {data.totalCount} {data.totalCount === 1 ? 'floor plan' : 'floor plans'}
            {variants.isFetching ? ' · updating…' : ''}
          </p>
          <VariantList variants={data.items} busy={variants.isFetching} />
          <Pager
            label="Floor plans pages"
            page={data.currentPage}
            totalPages={data.totalPages}
            disabled={variants.isFetching}
            onPage={list.setPage}
          />
        </>
      )}
      {ordering && <OrderFloorplanDialog onClose={() => setOrdering(false)} />}
    </div>
  );
}
