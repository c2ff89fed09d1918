import { Link } from 'react-router';
import { ErrorDisplay } from '../../shared/ErrorDisplay';
import { Loading } from '../../shared/Loading';
import { PRODUCT_NAME } from '../../shared/strings';
import { AdminsOnly, WebhooksSection } from '../features/developers/components/WebhooksSection';
import '../features/developers/developers.css';
import { useAccountPermissionsQuery } from '../features/settings/queries';

/**
 * `/provider/settings/developers`: what the provider's own systems can get from the platform: webhooks (endpoints,
 * their secrets and deliveries) and how to verify them. For the roles that manage settings (the admins, as the
 * API allows); others are told who can.
 */
export default function DevelopersPage() {
  const permissions = useAccountPermissionsQuery();

  return (
    <div className="page developers-page">
      <title>{`Developers · ${PRODUCT_NAME}`}</title>
      <p className="back-link">
        <Link to="/provider/settings">← Settings</Link>
      </p>
      <h1>Developers</h1>
      {permissions.error && !permissions.data ? (
        <ErrorDisplay error={permissions.error} />
      ) : !permissions.data ? (
        <Loading />
      ) : permissions.data.manageSettings ? (
        <WebhooksSection />
      ) : (
        <AdminsOnly />
      )}
    </div>
  );
}
