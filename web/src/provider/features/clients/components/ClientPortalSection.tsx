import { useId, useState } from 'react';
import { Link } from 'react-router';
import { portalPreviewPath } from '../../../../portal/paths';
import { ConfirmDialog } from '../../../../shared/ConfirmDialog';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { Loading } from '../../../../shared/Loading';
import { formatDate } from '../../../../shared/format';
import {
  useContactsQuery,
  useInviteToPortalMutation,
  usePortalInvitationsQuery,
  usePortalUsersQuery,
  usePublishingPermissionsQuery,
  useRemovePortalUserMutation,
  useResendPortalInvitationMutation,
  useRevokePortalInvitationMutation,
} from '../queries';
import type { PortalUser } from '../api';

/**
 * A client's portal (issue 31) on its page: "Preview portal" (what the client's users see; every plan), the people
 * with access (remove access after asking), the pending invitations (resend, revoke), and inviting one of the
 * client's contacts by its address. Only admins change who has access; the server's refusals (the free plan's
 * upgrade, an address already in the provider) are shown in its words.
 */
export function ClientPortalSection({ clientId, canManage }: { clientId: string; canManage: boolean }) {
  const headingId = useId();
  const pickerId = useId();
  const [picked, setPicked] = useState('');
  const [notice, setNotice] = useState('');
  const [removing, setRemoving] = useState<PortalUser | null>(null);
  const users = usePortalUsersQuery(clientId);
  const invitations = usePortalInvitationsQuery(clientId);
  const plan = usePublishingPermissionsQuery();
  const contacts = useContactsQuery({ page: 1, pageSize: 100, providerClientId: clientId });
  const invite = useInviteToPortalMutation();
  const resend = useResendPortalInvitationMutation();
  const revoke = useRevokePortalInvitationMutation();
  const remove = useRemovePortalUserMutation();
  const busy = invite.isPending || resend.isPending || revoke.isPending || remove.isPending;
  const withAccess = new Set([
    ...(users.data?.items ?? []).map((user) => user.email.toLowerCase()),
    ...(invitations.data?.items ?? []).map((invitation) => invitation.email.toLowerCase()),
  ]);
  const invitable = (contacts.data?.items ?? []).filter(
    (contact) => !withAccess.has(contact.emailAddress.toLowerCase()),
  );

  async function act(run: () => Promise<{ ok: boolean }>, done: string) {
    setNotice('');
    const outcome = await run();
    if (outcome.ok) setNotice(done);
  }

  return (
    <section className="card" aria-labelledby={headingId}>
      <div className="section-heading">
        <h2 id={headingId}>Client portal</h2>
        <Link className="button button-secondary" to={portalPreviewPath(clientId)}>
          Preview portal
        </Link>
      </div>
      <p className="muted">
        The client’s contacts you invite see this client’s properties, shared tours and websites, floor plans
        and documents, and nothing else.
      </p>
      <ErrorDisplay
        error={
          users.error ?? invitations.error ?? invite.error ?? resend.error ?? revoke.error ?? remove.error
        }
      />
      <h3>People with access</h3>
      {!users.data ? (
        !users.error && <Loading />
      ) : users.data.totalCount === 0 ? (
        <p className="muted">Nobody has access yet.</p>
      ) : (
        <ul className="record-list" aria-label="Portal users">
          {users.data.items.map((user) => (
            <li key={user.userId} className="record-row">
              <div className="record-row-main">
                <p className="record-row-title">
                  {`${user.firstName} ${user.lastName}`.trim() || user.email}
                </p>
                <p className="record-row-line muted">{user.email}</p>
              </div>
              {canManage && (
                <div className="record-row-actions">
                  <button
                    type="button"
                    className="button button-secondary"
                    aria-label={`Remove access of ${user.email}`}
                    disabled={busy}
                    onClick={() => setRemoving(user)}
                  >
                    Remove access
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {invitations.data && invitations.data.totalCount > 0 && (
        <>
          <h3>Pending invitations</h3>
          <ul className="record-list" aria-label="Pending portal invitations">
            {invitations.data.items.map((invitation) => (
              <li key={invitation.id} className="record-row">
                <div className="record-row-main">
                  <p className="record-row-title">{invitation.email}</p>
                  <p className="record-row-line muted">
                    {invitation.status === 'expired'
                      ? `Expired on ${formatDate(invitation.expiresAt)}`
                      : `Sent ${formatDate(invitation.sentAt)}, works until ${formatDate(invitation.expiresAt)}`}
                  </p>
                </div>
                {canManage && (
                  <div className="record-row-actions">
                    <button
                      type="button"
                      className="button button-secondary"
                      aria-label={`Resend the invitation to ${invitation.email}`}
                      disabled={busy}
                      onClick={() =>
                        act(
                          () => resend.run(clientId, invitation.id),
                          `A new invitation was sent to ${invitation.email}.`,
                        )
                      }
                    >
                      Resend
                    </button>
                    <button
                      type="button"
                      className="button button-secondary"
                      aria-label={`Revoke the invitation to ${invitation.email}`}
                      disabled={busy}
                      onClick={() =>
                        act(
                          () => revoke.run(clientId, invitation.id),
                          `The invitation to ${invitation.email} was revoked.`,
                        )
                      }
                    >
                      Revoke
                    </button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      {canManage && plan.data?.clientPortal === false && (
        <p className="muted">
          Inviting into the portal comes with a paid plan: upgrade your plan to invite this client’s contacts.
          You can build the portal and preview it now.
        </p>
      )}
      {canManage &&
        (invitable.length > 0 ? (
          <form
            className="agent-picker"
            aria-label="Invite to the portal"
            onSubmit={(event) => {
              event.preventDefault();
              const contact = invitable.find((choice) => choice.id === picked);
              if (!contact) return;
              void act(
                () => invite.run(clientId, contact.emailAddress),
                `Invitation sent to ${contact.emailAddress}.`,
              );
              setPicked('');
            }}
          >
            <div className="field">
              <label className="field-label" htmlFor={pickerId}>
                Invite a contact
              </label>
              <select
                id={pickerId}
                className="field-input"
                value={picked}
                onChange={(event) => setPicked(event.target.value)}
              >
                <option value="">Choose a contact…</option>
                {invitable.map((contact) => (
                  <option key={contact.id} value={contact.id}>
                    {contact.fullName} ({contact.emailAddress})
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className="button" disabled={!picked || busy}>
              Send invitation
            </button>
          </form>
        ) : (
          contacts.data && (
            <p className="muted">
              {contacts.data.totalCount === 0
                ? 'Add a contact to this client to invite them into the portal.'
                : 'Every contact of this client has access or an invitation.'}
            </p>
          )
        ))}
      <p className="muted" role="status">
        {notice}
      </p>
      <ConfirmDialog
        open={removing !== null}
        title={`Remove ${removing?.email ?? ''}’s access?`}
        confirmLabel="Remove access"
        isPending={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={async () => {
          const user = removing;
          setRemoving(null);
          if (user) await act(() => remove.run(clientId, user.userId), `${user.email} no longer has access.`);
        }}
      >
        <p>They can no longer open the portal. Their account stays; you can invite them again.</p>
      </ConfirmDialog>
    </section>
  );
}
