import { useId, useState } from 'react';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { formatDateTime } from '../../../../shared/format';
import { Pager } from '../../../../shared/Pager';
import { useLeadsQuery } from '../../leads/queries';
import type { Lead } from '../../leads/api';
import { roomPath, roomsViewed, type LeadAttribution } from '../../leads/format';
import '../../leads/leads.css';

const FROM: Record<Lead['source'], string> = { tour: 'the tour', website: 'the website' };

/**
 * The messages visitors sent about the property from the contact form of its published tour or website (issue 13
 * Leads), newest first, ten a page: who wrote, how to answer them (e-mail and phone as links), when and from where,
 * and for a tour's lead the rooms its visitor stayed in longest and the path it walked, when the visitor's browser
 * sent them (only with its consent to analytics).
 */
export function LeadsSection({ propertyId }: { propertyId: string }) {
  const headingId = useId();
  const [page, setPage] = useState(1);
  const leads = useLeadsQuery(propertyId, page);
  const data = leads.data;

  return (
    <section className="card" aria-labelledby={headingId}>
      <div className="section-heading">
        <h2 id={headingId}>Leads</h2>
      </div>
      <ErrorDisplay error={leads.error} />
      {!data ? (
        !leads.error && (
          <p className="muted" role="status">
            Loading leads…
          </p>
        )
      ) : data.totalCount === 0 ? (
        <p className="muted">
          No leads yet. They arrive here (and by e-mail to the property’s agents) when visitors send the
          contact form of the published tour or website.
        </p>
      ) : (
        <>
          <ul className="lead-list" aria-label="Leads" aria-busy={leads.isFetching || undefined}>
            {data.items.map((lead) => (
              <li key={lead.id} className="lead-row">
                <strong>
                  {lead.firstName} {lead.lastName}
                </strong>
                <p>
                  <a href={`mailto:${lead.email}`}>{lead.email}</a> ·{' '}
                  <a href={`tel:${lead.phoneNumber.replace(/[^\d+]/g, '')}`}>{lead.phoneNumber}</a>
                </p>
                <p className="muted">
                  {formatDateTime(lead.createdAt)} · from {FROM[lead.source]}
                </p>
                <p className="lead-message">{lead.message}</p>
                {lead.attribution && <LeadRooms attribution={lead.attribution} />}
              </li>
            ))}
          </ul>
          <Pager
            label="Leads pages"
            page={data.currentPage}
            totalPages={data.totalPages}
            disabled={leads.isFetching}
            onPage={setPage}
          />
        </>
      )}
    </section>
  );
}

/** Where the visitor went in the tour before writing, as its browser reported it. */
function LeadRooms({ attribution }: { attribution: LeadAttribution }) {
  return (
    <dl className="lead-rooms">
      {attribution.rooms.length > 0 && (
        <div>
          <dt>Rooms viewed:</dt> <dd>{roomsViewed(attribution.rooms)}</dd>
        </div>
      )}
      {attribution.path.length > 0 && (
        <div>
          <dt>Path:</dt> <dd>{roomPath(attribution.path)}</dd>
        </div>
      )}
    </dl>
  );
}
