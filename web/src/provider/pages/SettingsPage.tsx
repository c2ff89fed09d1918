import { ErrorDisplay } from '../../shared/ErrorDisplay';
import { Loading } from '../../shared/Loading';
import { PRODUCT_NAME } from '../../shared/strings';
import { AccessLogSection } from '../features/settings/components/AccessLogSection';
import { ApiKeySection } from '../features/settings/components/ApiKeySection';
import { BusinessSection } from '../features/settings/components/BusinessSection';
import { DevelopersSection } from '../features/settings/components/DevelopersSection';
import { ModelsSection } from '../features/settings/components/ModelsSection';
import { ProfileSection } from '../features/settings/components/ProfileSection';
import { UsersSection } from '../features/settings/components/UsersSection';
import { WhitelabelDomainSection } from '../features/settings/components/WhitelabelDomainSection';
import { useAccountPermissionsQuery, useSettingsQuery } from '../features/settings/queries';

/**
 * `/provider/settings`: the signed-in person's own profile (names, and the phone number visitors see on tours
 * where they are an agent), then the provider's business details, models, API key, the way to the Developers page
 * (webhooks), white-label domain, users and access log. Everyone on the provider's side reads them; what changes
 * them (and the API key, the Developers link and the access log) shows only to roles that may manage settings
 * (GET /provider/permissions/account).
 */
export default function SettingsPage() {
  const settings = useSettingsQuery();
  const permissions = useAccountPermissionsQuery();

  const title = <title>{`Settings · ${PRODUCT_NAME}`}</title>;
  const failure = settings.error ?? permissions.error;
  if (failure && (!settings.data || !permissions.data)) {
    return (
      <div className="page">
        {title}
        <h1>Settings</h1>
        <ErrorDisplay error={failure} />
      </div>
    );
  }
  if (!settings.data || !permissions.data) return <Loading />;

  const current = settings.data;
  const canManage = permissions.data.manageSettings;
  return (
    <div className="page settings-page">
      {title}
      <h1>Settings</h1>
      <ProfileSection />
      {!canManage && <p className="muted">Only the admins of {current.name} can change these settings.</p>}
      <BusinessSection settings={current} canManage={canManage} />
      <ModelsSection settings={current} canManage={canManage} />
      {canManage && <ApiKeySection apiKey={current.apiKey} />}
      {canManage && <DevelopersSection />}
      <WhitelabelDomainSection domain={current.whitelabelDomain} canManage={canManage} />
      <UsersSection />
      {canManage && <AccessLogSection />}
    </div>
  );
}
