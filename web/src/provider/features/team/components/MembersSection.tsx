import { useState } from 'react';
import { Avatar } from '../../../../shared/Avatar';
import { useAvatarsQuery } from '../../../../shared/avatars';
import { ConfirmDialog } from '../../../../shared/ConfirmDialog';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { Loading } from '../../../../shared/Loading';
import { Pager } from '../../../../shared/Pager';
import type { TeamMember, TeamRole } from '../api';
import { useChangeRoleMutation, useMembersQuery, useRemoveMemberMutation } from '../queries';
import { TEAM_ROLES, teamRoleLabel } from './roles';

const PAGE_SIZE = 20;

const nameOf = (member: TeamMember) => `${member.firstName} ${member.lastName}`.trim() || member.email;

/** The team with each person's role; the admins change roles and remove people (after a confirm). */
export function MembersSection({ canManage }: { canManage: boolean }) {
  const [page, setPage] = useState(1);
  const members = useMembersQuery(page, PAGE_SIZE);
  const change = useChangeRoleMutation();
  const remove = useRemoveMemberMutation();
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const data = members.data;
  // The pictures of this page's people; until they come (or if they do not), the initials show.
  const pictures = useAvatarsQuery(data?.items.map((member) => member.userId) ?? []).data;
  const busy = change.isPending || remove.isPending;

  async function confirmRemove() {
    if (!removing) return;
    change.reset();
    await remove.run(removing.userId);
    setRemoving(null);
  }

  return (
    <section className="card" aria-labelledby="team-members">
      <h2 id="team-members">Members</h2>
      <ErrorDisplay error={members.error ?? change.error ?? remove.error} />
      {!data && !members.error && <Loading />}
      {data && (
        <>
          <p className="muted">
            {data.totalCount} {data.totalCount === 1 ? 'person is' : 'people are'} on this team.
          </p>
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                {canManage && <th scope="col">Actions</th>}
              </tr>
            </thead>
            <tbody>
              {data.items.map((member) => (
                <tr key={member.userId}>
                  <td data-label="Name">
                    <span className="team-person">
                      <Avatar
                        firstName={member.firstName}
                        lastName={member.lastName}
                        email={member.email}
                        colour={member.color}
                        url={pictures?.get(member.userId)}
                      />
                      {nameOf(member)}
                    </span>
                  </td>
                  <td data-label="Email">{member.email}</td>
                  <td data-label="Role">
                    {canManage ? (
                      <select
                        className="field-input team-role-select"
                        aria-label={`Role of ${nameOf(member)}`}
                        value={member.role}
                        disabled={busy}
                        onChange={(event) => {
                          remove.reset();
                          void change.run(member.userId, event.target.value as TeamRole);
                        }}
                      >
                        {TEAM_ROLES.map((role) => (
                          <option key={role.value} value={role.value}>
                            {role.label}
                          </option>
                        ))}
                      </select>
                    ) : (
                      teamRoleLabel(member.role)
                    )}
                  </td>
                  {canManage && (
                    <td data-label="Actions">
                      <button
                        type="button"
                        className="button button-secondary"
                        disabled={busy}
                        aria-label={`Remove ${nameOf(member)}`}
                        onClick={() => setRemoving(member)}
                      >
                        Remove
                      </button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
          <Pager
            label="Members pages"
            page={data.currentPage}
            totalPages={data.totalPages}
            disabled={members.isFetching}
            onPage={setPage}
          />
        </>
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Remove from the team?"
        confirmLabel="Remove"
        isPending={remove.isPending}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
      >
        <p>
          {removing ? nameOf(removing) : ''} will no longer work in this account. Their own account stays; you
          can invite them again.
        </p>
      </ConfirmDialog>
    </section>
  );
}
