import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ErrorDisplay } from '../../shared/ErrorDisplay';
import { Loading } from '../../shared/Loading';
import { PRODUCT_NAME } from '../../shared/strings';
import { AccessLogSection } from '../features/settings/components/AccessLogSection';
import { ApiKeySection } from '../features/settings/components/ApiKeySection';
import { BusinessSection } from '../features/settings/components/BusinessSection';
import { DevelopersSection } from '../features/settings/components/DevelopersSection';
import { MatterportSection } from '../features/settings/components/MatterportSection';
import { ModelsSection } from '../features/settings/components/ModelsSection';
import { ProfileSection } from '../features/settings/components/ProfileSection';
import { ReferralSection } from '../features/settings/components/ReferralSection';
import { TeamSection } from '../features/settings/components/TeamSection';
import { WhitelabelDomainSection } from '../features/settings/components/WhitelabelDomainSection';
import { connectOutcomeOf, withoutConnectOutcome } from '../features/settings/matterport';
import { useAccountPermissionsQuery, useSettingsQuery } from '../features/settings/queries';

/**
 * `/provider/settings`: the signed-in person's own profile (names, and the phone number visitors see on tours
 * where they are an agent), then the provider's business details, Matterport account, models, API key, the way to
 * the Developers page (webhooks), white-label domain, the way to the Team page (its members and invitations) and the
 * access log. Everyone on the provider's side reads them; what changes them (and the API key, the Developers link and the access log) shows only to roles that may
 * manage settings (GET /provider/permissions/account); the Matterport account, to the admins.
 * Matterport's callback comes back here with `?matterport=connected` or `?matterport=failed&reason=…`: the outcome
 * is kept for the Matterport section and taken out of the address, so that reloading does not tell it again.
 */
export default function SettingsPage() {
  const settings = useSettingsQuery();
  const permissions = useAccountPermissionsQuery();
  const location = useLocation();
  const navigate = useNavigate();
  const [connectOutcome] = useState(() => connectOutcomeOf(location.search));

  useEffect(() => {
    const search = withoutConnectOutcome(location.search);
    if (search === location.search) return;
    navigate({ search, hash: location.hash }, { replace: true });
  }, [location.search, location.hash, navigate]);

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
      <MatterportSection isAdmin={permissions.data.role === 'admin'} outcome={connectOutcome} />
      <ModelsSection settings={current} canManage={canManage} />
      {canManage && <ApiKeySection apiKey={current.apiKey} />}
      {canManage && <DevelopersSection />}
      <WhitelabelDomainSection domain={current.whitelabelDomain} canManage={canManage} />
      <TeamSection canManage={permissions.data.manageUsers} />
      <ReferralSection />
      {canManage && <AccessLogSection />}
    </div>
  );
}
