import { useState } from 'react';
import { ConfirmDialog } from '../../../../shared/ConfirmDialog';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { Loading } from '../../../../shared/Loading';
import { Pager } from '../../../../shared/Pager';
import { formatDate } from '../../../../shared/format';
import type { Invitation } from '../api';
import { useInvitationsQuery, useResendInvitationMutation, useRevokeInvitationMutation } from '../queries';
import { teamRoleLabel } from './roles';

const PAGE_SIZE = 10;

/** The invitations not yet accepted: resend one (a new link, 7 more days) or revoke it (after a confirm). */
export function InvitationsSection() {
  const [page, setPage] = useState(1);
  const invitations = useInvitationsQuery(page, PAGE_SIZE, true);
  const resend = useResendInvitationMutation();
  const revoke = useRevokeInvitationMutation();
  const [revoking, setRevoking] = useState<Invitation | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const data = invitations.data;

  async function resendTo(invitation: Invitation) {
    setNotice(null);
    revoke.reset();
    const outcome = await resend.run(invitation.id);
    if (outcome.ok) setNotice(`A new link was sent to ${invitation.email}.`);
  }

  async function confirmRevoke() {
    if (!revoking) return;
    setNotice(null);
    resend.reset();
    const outcome = await revoke.run(revoking.id);
    if (outcome.ok) setNotice(`The invitation of ${revoking.email} was revoked.`);
    setRevoking(null);
  }

  return (
    <section className="card" aria-labelledby="team-invitations">
      <h2 id="team-invitations">Pending invitations</h2>
      <ErrorDisplay error={invitations.error ?? resend.error ?? revoke.error} />
      {notice && (
        <p className="alert alert-success" role="status">
          {notice}
        </p>
      )}
      {!data && !invitations.error && <Loading />}
      {data && data.totalCount === 0 && <p className="muted">No invitations are waiting for an answer.</p>}
      {data && data.totalCount > 0 && (
        <>
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">Status</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((invitation) => (
                <tr key={invitation.id}>
                  <td data-label="Email">{invitation.email}</td>
                  <td data-label="Role">{teamRoleLabel(invitation.role)}</td>
                  <td data-label="Status">
                    {invitation.status === 'expired'
                      ? `Expired ${formatDate(invitation.expiresAt)}`
                      : `Until ${formatDate(invitation.expiresAt)}`}
                  </td>
                  <td data-label="Actions">
                    <div className="row-actions">
                      <button
                        type="button"
                        className="button button-secondary"
                        disabled={resend.isPending || revoke.isPending}
                        aria-label={`Resend the invitation of ${invitation.email}`}
                        onClick={() => void resendTo(invitation)}
                      >
                        Resend
                      </button>
                      <button
                        type="button"
                        className="button button-secondary"
                        disabled={resend.isPending || revoke.isPending}
                        aria-label={`Revoke the invitation of ${invitation.email}`}
                        onClick={() => setRevoking(invitation)}
                      >
                        Revoke
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager
            label="Invitations pages"
            page={data.currentPage}
            totalPages={data.totalPages}
            disabled={invitations.isFetching}
            onPage={setPage}
          />
        </>
      )}
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke this invitation?"
        confirmLabel="Revoke"
        isPending={revoke.isPending}
        onConfirm={() => void confirmRevoke()}
        onCancel={() => setRevoking(null)}
      >
        <p>The link sent to {revoking?.email} will stop working. You can invite them again later.</p>
      </ConfirmDialog>
    </section>
  );
}
