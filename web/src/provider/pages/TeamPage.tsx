import { Link } from 'react-router';
import { ErrorDisplay } from '../../shared/ErrorDisplay';
import { Loading } from '../../shared/Loading';
import { PRODUCT_NAME } from '../../shared/strings';
import { useAccountPermissionsQuery } from '../features/settings/queries';
import { InvitationsSection } from '../features/team/components/InvitationsSection';
import { InviteForm } from '../features/team/components/InviteForm';
import { MembersSection } from '../features/team/components/MembersSection';
import '../features/team/team.css';

/**
 * `/provider/settings/team`: who works in this account and in which role. The admins (the roles that manage users,
 * GET /provider/permissions/account) change roles, remove people, invite by email and handle the pending
 * invitations; everyone else reads the team.
 */
export default function TeamPage() {
  const permissions = useAccountPermissionsQuery();

  return (
    <div className="page team-page">
      <title>{`Team · ${PRODUCT_NAME}`}</title>
      <p className="back-link">
        <Link to="/provider/settings">← Settings</Link>
      </p>
      <h1>Team</h1>
      {permissions.error && !permissions.data ? (
        <ErrorDisplay error={permissions.error} />
      ) : !permissions.data ? (
        <Loading />
      ) : (
        <>
          {!permissions.data.manageUsers && <p className="muted">Only the admins can change the team.</p>}
          <MembersSection canManage={permissions.data.manageUsers} />
          {permissions.data.manageUsers && (
            <>
              <InviteForm />
              <InvitationsSection />
            </>
          )}
        </>
      )}
    </div>
  );
}
