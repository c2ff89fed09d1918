import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { previewOf } from '../../portal/api';
import { PortalBookings } from '../../portal/components/PortalBookings';
import { PortalProperties } from '../../portal/components/PortalProperties';
import { PortalProperty } from '../../portal/components/PortalProperty';
import { portalPreviewPath } from '../../portal/paths';
import { usePortalClientQuery } from '../../portal/queries';
import '../../portal/portal.css';
import { ErrorDisplay } from '../../shared/ErrorDisplay';
import { PRODUCT_NAME } from '../../shared/strings';
import '../features/clients/clients.css';
import { clientPath } from '../features/clients/paths';

/**
 * "Preview portal" (issue 31): `/provider/clients/:id/portal_preview[/properties/:propertyId]`, the client's portal
 * as its users will see it (the same components, fed the provider's preview routes: the same reads scoped to this
 * client), on every plan. A banner says it is a preview and leads back to the client.
 */
export default function PortalPreviewPage() {
  const { id = '', propertyId } = useParams();
  const source = useMemo(() => previewOf(id), [id]);
  const base = portalPreviewPath(id);
  const client = usePortalClientQuery(source);
  return (
    <div className="page">
      <title>{`Portal preview · ${client.data?.name ?? 'Client'} · ${PRODUCT_NAME}`}</title>
      <div className="portal-preview-banner" role="note" aria-label="Preview">
        <strong>Preview:</strong> this is what {client.data?.name ?? 'the client'}’s portal users see.{' '}
        <Link to={clientPath(id)}>Back to the client</Link>
      </div>
      <ErrorDisplay error={client.error} />
      {propertyId ? (
        <PortalProperty source={source} base={base} id={propertyId} />
      ) : (
        <>
          <h1>{client.data?.name ?? 'Client portal'}</h1>
          <PortalProperties source={source} base={base} />
          <PortalBookings source={source} />
        </>
      )}
    </div>
  );
}
