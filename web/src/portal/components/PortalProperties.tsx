import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ErrorDisplay } from '../../shared/ErrorDisplay';
import { Loading } from '../../shared/Loading';
import { Pager } from '../../shared/Pager';
import type { PortalSource } from '../api';
import { portalPropertyPath } from '../paths';
import { usePortalPropertiesQuery } from '../queries';

const PAGE_SIZE = 20;

/** The client's properties, newest first, each with what is shared of it and a way to its page. */
export function PortalProperties({ source, base }: { source: PortalSource; base: string }) {
  const headingId = useId();
  const [page, setPage] = useState(1);
  const properties = usePortalPropertiesQuery(source, page, PAGE_SIZE);
  const data = properties.data;
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>Your properties</h2>
      <ErrorDisplay error={properties.error} />
      {!data ? (
        !properties.error && <Loading />
      ) : data.totalCount === 0 ? (
        <p className="muted">No properties yet: they appear here as soon as they are ready.</p>
      ) : (
        <>
          <ul className="record-list" aria-label="Properties" aria-busy={properties.isFetching || undefined}>
            {data.items.map((property) => (
              <li key={property.id} className="record-row">
                <div className="record-row-main">
                  <h3 className="record-row-title">
                    <Link to={portalPropertyPath(base, property.id)}>{property.title}</Link>
                  </h3>
                  <p className="record-row-line muted">{property.address}</p>
                  <p className="record-row-line portal-badges">
                    <span>{property.tourUrl ? 'Tour shared' : 'Tour not shared yet'}</span>
                    {property.websiteUrl && <span>Website published</span>}
                  </p>
                </div>
              </li>
            ))}
          </ul>
          <Pager
            label="Properties pages"
            page={data.currentPage}
            totalPages={data.totalPages}
            disabled={properties.isFetching}
            onPage={setPage}
          />
        </>
      )}
    </section>
  );
}
