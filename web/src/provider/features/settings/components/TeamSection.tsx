import { Link } from 'react-router';
import { TEAM_PATH } from '../../team/paths';

/** The way to the Team page: the admins manage it there, everyone else sees who is on it. */
export function TeamSection({ canManage }: { canManage: boolean }) {
  return (
    <section className="card" aria-labelledby="settings-team">
      <h2 id="settings-team">Team</h2>
      <p>
        {canManage
          ? 'Invite people by email, give each a role, and remove those who no longer work with you.'
          : 'See who works in this account, and their roles.'}
      </p>
      <p>
        <Link to={TEAM_PATH}>{canManage ? 'Manage the team →' : 'See the team →'}</Link>
      </p>
    </section>
  );
}
