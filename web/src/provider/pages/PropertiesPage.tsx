import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useArrivalState } from '../../shared/useArrivalState';
import { ErrorDisplay } from '../../shared/ErrorDisplay';
import { Loading } from '../../shared/Loading';
import { Pager } from '../../shared/Pager';
import { PRODUCT_NAME } from '../../shared/strings';
import type { PublicationStatus, TourType } from '../features/properties/api';
import { PropertyFilters } from '../features/properties/components/PropertyFilters';
import { PropertyList } from '../features/properties/components/PropertyList';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from '../../shared/useDebouncedValue';
import { propertyPath } from '../features/properties/paths';
import '../features/properties/properties.css';
import { usePropertiesQuery } from '../features/properties/queries';
import { useAccountPermissionsQuery } from '../features/settings/queries';

// The form and the Matterport spaces picker load when "New property" is first pressed.
const NewPropertyModal = lazy(() => import('../features/properties/components/NewPropertyModal'));

const PAGE_SIZE = 20;
const STATUSES: readonly string[] = ['published', 'unpublished'];
const TOUR_TYPES: readonly string[] = ['basic', 'premium'];

/** What another page tells the list when it sends the person here (a property deleted). */
export interface PropertiesPageState {
  notice?: string;
}

/**
 * `/provider/properties` (001 §2): the provider's properties, newest first, a page at a time, with search (as the
 * person types, debounced) and the published and tour-type filters, all kept in the address so that Back returns
 * to the same list; "New property" opens the form, and a new property opens its page.
 */
export function PropertiesPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const search = params.get('search') ?? '';
  const status = oneOf<PublicationStatus>(params.get('status'), STATUSES);
  const tourType = oneOf<TourType>(params.get('tour_type'), TOUR_TYPES);
  const [text, setText] = useState(search);
  const typed = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const [creating, setCreating] = useState(false);
  const notice = useArrivalState<PropertiesPageState>()?.notice;
  // Sketchfab's authorisation comes back here when it cannot tell which staging editor started it (README
  // "Sketchfab imports"): its reason, as the server words it.
  const sketchfabFailure = params.get('sketchfab') === 'failed' ? params.get('reason') : null;

  function change(
    next: { page?: number; search?: string; status?: string; tour_type?: string },
    replace = false,
  ) {
    const merged = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value === undefined || value === '' || (key === 'page' && value === 1)) merged.delete(key);
      else merged.set(key, String(value));
    }
    setParams(merged, { replace });
  }

  // The typed search reaches the address (and the list) once typing pauses; Back or a link changing the address
  // puts its search back in the box (not the search typed here, which may be behind what is typed by now).
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

  const list = usePropertiesQuery({ page, pageSize: PAGE_SIZE, search, status, tourType });
  const filtered = search !== '' || status !== undefined || tourType !== undefined;
  const data = list.data;

  // A member reads (identity's role table): no way to start what the server would refuse.
  const canManage = useAccountPermissionsQuery().data?.manageProperties ?? true;
  const newButton = canManage ? (
    <button type="button" className="button button-primary" onClick={() => setCreating(true)}>
      New property
    </button>
  ) : null;

  return (
    <div className="page properties-page">
      <title>{`Properties · ${PRODUCT_NAME}`}</title>
      <div className="page-heading">
        <h1>Properties</h1>
        {newButton}
      </div>
      {notice && (
        <p className="alert alert-success" role="status">
          {notice}
        </p>
      )}
      {sketchfabFailure && (
        <p className="alert alert-error" role="alert">
          Sketchfab was not connected: {sketchfabFailure}
        </p>
      )}
      <PropertyFilters
        search={text}
        onSearch={setText}
        status={status}
        onStatus={(value) => change({ status: value, page: 1 })}
        tourType={tourType}
        onTourType={(value) => change({ tour_type: value, page: 1 })}
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
        <section className="empty-state" aria-label="No properties yet">
          <h2>No properties yet</h2>
          <p>Add your first property: its title, its address and the Matterport space of its tour.</p>
          {newButton}
        </section>
      ) : data.totalCount === 0 ? (
        <section className="empty-state" aria-label="No matching properties">
          <h2>No properties match</h2>
          <p>
            Nothing matches {search ? `“${search}”` : 'these filters'}. Try other words, or clear the search.
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
            {data.totalCount} {data.totalCount === 1 ? 'property' : 'properties'}
            {list.isFetching ? ' · updating…' : ''}
          </p>
          <PropertyList properties={data.items} busy={list.isFetching} />
          <Pager
            label="Properties pages"
            page={data.currentPage}
            totalPages={data.totalPages}
            disabled={list.isFetching}
            onPage={(next) => change({ page: next })}
          />
        </>
      )}
      {creating && (
        <Suspense fallback={null}>
          <NewPropertyModal
            onClose={() => setCreating(false)}
            onCreated={(property) => navigate(propertyPath(property.id), { state: { created: true } })}
          />
        </Suspense>
      )}
    </div>
  );
}

function oneOf<T extends string>(value: string | null, allowed: readonly string[]): T | undefined {
  return value !== null && allowed.includes(value) ? (value as T) : undefined;
}
