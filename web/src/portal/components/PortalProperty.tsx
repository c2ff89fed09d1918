import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../api/errors';
import { CopyField } from '../../provider/features/tours/sharing/components/CopyField';
import { ErrorDisplay } from '../../shared/ErrorDisplay';
import { Loading } from '../../shared/Loading';
import { Pager } from '../../shared/Pager';
import type { PortalSource } from '../api';
import { usePortalDocumentsQuery, usePortalFloorplansQuery, usePortalPropertyQuery } from '../queries';

/**
 * One of the client's properties: the tour's and the website's share links (while shared), the floor plans and the
 * documents to download. Another client's property, or one gone: "Property not found", with the way back.
 */
export function PortalProperty({ source, base, id }: { source: PortalSource; base: string; id: string }) {
  const property = usePortalPropertyQuery(source, id);
  if (property.error) {
    const missing = property.error instanceof ApiError && property.error.status === 404;
    return (
      <>
        <ErrorDisplay error={property.error} title={missing ? 'Property not found' : undefined} />
        <Link to={base}>Back to your properties</Link>
      </>
    );
  }
  if (!property.data) return <Loading />;
  const data = property.data;
  return (
    <>
      <p>
        <Link to={base}>← Your properties</Link>
      </p>
      <h1>{data.title}</h1>
      <p className="muted">{data.address}</p>
      <section className="card" aria-label="Links">
        <h2>Tour and website</h2>
        {data.tourUrl ? (
          <div className="portal-link">
            <CopyField label="Tour link" value={data.tourUrl} hint="The virtual tour, to send to anyone." />
            <a href={data.tourUrl} target="_blank" rel="noopener noreferrer">
              Open the tour
            </a>
          </div>
        ) : (
          <p className="muted">The tour is not shared yet.</p>
        )}
        {data.websiteUrl ? (
          <div className="portal-link">
            <CopyField label="Website link" value={data.websiteUrl} hint="The property’s own website." />
            <a href={data.websiteUrl} target="_blank" rel="noopener noreferrer">
              Open the website
            </a>
          </div>
        ) : (
          <p className="muted">The property has no published website.</p>
        )}
      </section>
      <Floorplans source={source} id={id} />
      <Documents source={source} id={id} />
    </>
  );
}

function Floorplans({ source, id }: { source: PortalSource; id: string }) {
  const headingId = useId();
  const floorplans = usePortalFloorplansQuery(source, id);
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>Floor plans</h2>
      <ErrorDisplay error={floorplans.error} />
      {!floorplans.data ? (
        !floorplans.error && <Loading />
      ) : floorplans.data.length === 0 ? (
        <p className="muted">No floor plans yet.</p>
      ) : (
        <ul className="record-list" aria-label="Floor plans">
          {floorplans.data.map((plan) => (
            <li key={plan.id} className="record-row">
              <div className="record-row-main">
                <p className="record-row-title">{plan.name || plan.filename}</p>
              </div>
              <div className="record-row-actions">
                <a
                  className="button button-secondary"
                  href={plan.url}
                  download={plan.filename ?? undefined}
                  aria-label={`Download ${plan.name || plan.filename}`}
                >
                  Download
                </a>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Documents({ source, id }: { source: PortalSource; id: string }) {
  const headingId = useId();
  const [page, setPage] = useState(1);
  const documents = usePortalDocumentsQuery(source, id, page);
  const data = documents.data;
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>Documents</h2>
      <ErrorDisplay error={documents.error} />
      {!data ? (
        !documents.error && <Loading />
      ) : data.totalCount === 0 ? (
        <p className="muted">No documents yet.</p>
      ) : (
        <>
          <ul className="record-list" aria-label="Documents">
            {data.items.map((document) => (
              <li key={document.id} className="record-row">
                <div className="record-row-main">
                  <p className="record-row-title">{document.name || document.filename}</p>
                </div>
                <div className="record-row-actions">
                  <a
                    className="button button-secondary"
                    href={document.url}
                    download={document.filename ?? undefined}
                    aria-label={`Download ${document.name || document.filename}`}
                  >
                    Download
                  </a>
                </div>
              </li>
            ))}
          </ul>
          <Pager
            label="Documents pages"
            page={data.currentPage}
            totalPages={data.totalPages}
            disabled={documents.isFetching}
            onPage={setPage}
          />
        </>
      )}
    </section>
  );
}
