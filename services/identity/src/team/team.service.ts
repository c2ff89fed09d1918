import { Inject, Injectable } from '@nestjs/common';
import {
  ApiError,
  CONFIG,
  Database,
  EventBus,
  hashSecret,
  LOGGER,
  newSecret,
  pageOf,
  uuidv7,
  type Caller,
  type EntityManager,
  type Logger,
  type Page,
  type PageQuery,
} from '@tourly/platform';
import type { MembershipRole } from '@tourly/contracts';
import type { SignedInResponse } from '../accounts/accounts.dto';
import { MembershipsRepository, type TeamMemberRow } from '../accounts/memberships.repository';
import { hashPassword } from '../accounts/passwords';
import { ProvidersRepository } from '../accounts/providers.repository';
import { UsersRepository, type UserRow } from '../accounts/users.repository';
import type { IdentityConfig } from '../config';
import { Mailer, type Email } from '../mail/mailer';
import { SessionsService, type OpenedSession } from '../sessions/sessions.service';
import {
  InvitationsRepository,
  type InvitationByTokenRow,
  type InvitationRow,
} from './invitations.repository';
import {
  INVITATION_LIFETIME_DAYS,
  type AcceptInvitation,
  type InvitationLinkResponse,
  type InvitationResponse,
  type InvitationSignUp,
  type NewInvitation,
  type TeamMemberResponse,
  type TeamRole,
} from './team.dto';
import {
  INVITATION_LINK_INVALID,
  lastAdminRefusal,
  leavesAnAdmin,
  linkRefusal,
  linkState,
  ROLE_WORDS,
} from './team.rules';

const LIFETIME = `${INVITATION_LIFETIME_DAYS} days`;
export const MEMBER_NOT_FOUND = 'Team member not found';
export const INVITATION_NOT_FOUND = 'Invitation not found';
export const ALREADY_MEMBER = 'is already a member of this team';
export const ALREADY_IN_PROVIDER =
  'already has access to this provider (on its team or in a client portal); one person holds one access per provider';
export const ALREADY_INVITED = 'already has a pending invitation; resend or revoke it';
export const HAS_ACCOUNT = 'This email already has a Tourly account. Sign in with its password to accept.';
export const NO_ACCOUNT_YET =
  'This email has no Tourly account yet. Choose your name and a password to create one.';

export interface Accepted {
  opened: OpenedSession;
  answer: SignedInResponse;
}

/**
 * A provider's team (issue 31): its admins invite people by email with a role, change roles and remove people,
 * never leaving the provider without an admin; the invitee accepts through the emailed link, signing in or
 * creating their account, and starts working in the provider. Every change of a membership is published as
 * `identity.membership.changed.v1` (role null: removed).
 */
@Injectable()
export class TeamService {
  constructor(
    private readonly db: Database,
    private readonly invitations: InvitationsRepository,
    private readonly memberships: MembershipsRepository,
    private readonly providers: ProvidersRepository,
    private readonly users: UsersRepository,
    private readonly sessions: SessionsService,
    private readonly mailer: Mailer,
    @Inject(EventBus) private readonly events: EventBus,
    @Inject(CONFIG) private readonly config: IdentityConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async members(providerId: string, query: PageQuery): Promise<Page<TeamMemberResponse>> {
    const [rows, total] = await Promise.all([
      this.memberships.teamOf(providerId, query.pageSize, query.offset),
      this.memberships.countTeamOf(providerId),
    ]);
    return pageOf(rows.map(memberOf), total, query);
  }

  /** A new role for a member; never the last admin's demotion. */
  async changeRole(providerId: string, userId: string, role: TeamRole): Promise<TeamMemberResponse> {
    await this.db.transaction(async (tx) => {
      const admins = await this.memberships.lockAdmins(tx, providerId);
      const member = await this.memberships.lockTeamMember(tx, providerId, userId);
      if (!member) throw ApiError.notFound(MEMBER_NOT_FOUND);
      if (member.role === role) return;
      if (!leavesAnAdmin(admins, userId, role)) await this.refuseLastAdmin(tx, providerId);
      await this.memberships.setRole(tx, providerId, userId, role);
      await this.events.publish('identity.membership.changed.v1', { providerId, userId, role }, tx);
    });
    const changed = await this.memberships.teamMember(providerId, userId);
    if (!changed) throw ApiError.notFound(MEMBER_NOT_FOUND);
    return memberOf(changed);
  }

  /** Takes a person out of the team (their account stays); never the last admin. */
  async remove(providerId: string, userId: string): Promise<null> {
    await this.db.transaction(async (tx) => {
      const admins = await this.memberships.lockAdmins(tx, providerId);
      const member = await this.memberships.lockTeamMember(tx, providerId, userId);
      if (!member) throw ApiError.notFound(MEMBER_NOT_FOUND);
      if (!leavesAnAdmin(admins, userId, null)) await this.refuseLastAdmin(tx, providerId);
      await this.memberships.remove(tx, providerId, userId);
      await this.users.leavePrimaryProvider(tx, userId, providerId);
      await this.events.publish('identity.membership.changed.v1', { providerId, userId, role: null }, tx);
    });
    return null;
  }

  async pendingInvitations(providerId: string, query: PageQuery): Promise<Page<InvitationResponse>> {
    const [rows, total] = await this.openInvitations(providerId, null, query);
    return pageOf(rows.map(invitationOf), total, query);
  }

  /** The open invitations into the team (`clientId` null) or into one client's portal, and their count. */
  openInvitations(providerId: string, clientId: string | null, query: PageQuery) {
    return Promise.all([
      this.invitations.listOpen(providerId, clientId, query.pageSize, query.offset),
      this.invitations.countOpen(providerId, clientId),
    ]);
  }

  /**
   * Emails a link inviting the address into the team with the role. An address already in the provider (any role)
   * is refused, as is one with a live invitation (resend or revoke that one); an expired one is replaced.
   */
  async invite(caller: Caller, providerId: string, invitation: NewInvitation): Promise<InvitationResponse> {
    return invitationOf(await this.inviteInto(caller, providerId, invitation, null));
  }

  /**
   * The invitation machinery of both audiences: into the team with a team role (`clientId` null), or into a
   * client's portal as its client user (`clientId` that client's; the caller checked it is the provider's).
   */
  async inviteInto(
    caller: Caller,
    providerId: string,
    invitation: { email: string; role: MembershipRole },
    clientId: string | null,
  ): Promise<InvitationRow> {
    const token = newSecret();
    const created = await this.db.transaction(async (tx) => {
      if (await this.memberships.memberByEmail(tx, providerId, invitation.email)) {
        throw ApiError.invalid('invitation.email', clientId ? ALREADY_IN_PROVIDER : ALREADY_MEMBER);
      }
      const open = await this.invitations.lockOpenFor(tx, providerId, invitation.email);
      if (open && !open.expired) throw ApiError.invalid('invitation.email', ALREADY_INVITED);
      if (open) await this.invitations.closeExpired(tx, open.id);
      return this.invitations.create(tx, {
        id: uuidv7(),
        providerId,
        email: invitation.email,
        role: invitation.role,
        clientId,
        tokenHash: hashSecret(token),
        // An impersonating administrator acts as the provider's admin, whose name the email gives.
        invitedBy: caller.userId,
        lifetime: LIFETIME,
      });
    });
    await this.mail(providerId, created, token);
    return created;
  }

  /** A new link (the previous one stops working) and 7 more days. */
  async resend(providerId: string, id: string): Promise<InvitationResponse> {
    return invitationOf(await this.resendIn(providerId, null, id));
  }

  /** Resends an open invitation into the team (`clientId` null) or into that client's portal; else 404. */
  async resendIn(providerId: string, clientId: string | null, id: string): Promise<InvitationRow> {
    const token = newSecret();
    const resent = await this.db.transaction(async (tx) => {
      const open = await this.invitations.findOpen(tx, providerId, clientId, id);
      if (!open) throw ApiError.notFound(INVITATION_NOT_FOUND);
      return this.invitations.resend(tx, {
        id,
        providerId,
        tokenHash: hashSecret(token),
        lifetime: LIFETIME,
      });
    });
    if (!resent) throw ApiError.notFound(INVITATION_NOT_FOUND);
    await this.mail(providerId, resent, token);
    return resent;
  }

  /** Revokes an open invitation into the team (`clientId` null) or into that client's portal; else 404. */
  async revoke(providerId: string, id: string, clientId: string | null = null): Promise<null> {
    if (!(await this.invitations.revoke(providerId, clientId, id)))
      throw ApiError.notFound(INVITATION_NOT_FOUND);
    return null;
  }

  /** What a link invites to, spending nothing; a link that no longer works says why and what to do next. */
  async check(token: string): Promise<InvitationLinkResponse> {
    const invitation = usable(await this.invitations.byToken(hashSecret(token)));
    return {
      email: invitation.email,
      role: invitation.role,
      provider: { id: invitation.providerId, name: invitation.providerName },
      invitedBy: invitation.invitedBy,
      expiresAt: invitation.expiresAt.toISOString(),
      hasAccount: invitation.accountId !== null,
    };
  }

  /**
   * The invited email's account accepts: the person signed in as it needs nothing more, anyone else gives its
   * password (counted like a sign-in). The account joins the team and the new session works in the provider.
   */
  async accept(
    caller: Caller,
    accepting: AcceptInvitation,
    address: string,
    presentedToken: string | undefined,
  ): Promise<Accepted> {
    const seen = usable(await this.invitations.byToken(hashSecret(accepting.invitationToken)));
    if (!seen.accountId) throw ApiError.base(422, NO_ACCOUNT_YET);
    if (caller.userId !== seen.accountId || caller.impersonatorId) {
      if (!accepting.password) throw ApiError.invalid('invitation.password', 'Required');
      await this.sessions.authenticate(seen.email, accepting.password, address);
    }
    const account = await this.users.findByEmail(seen.email);
    if (!account) throw ApiError.base(422, NO_ACCOUNT_YET);
    return this.db.transaction(async (tx) => {
      const invitation = usable(
        await this.invitations.lockByToken(tx, hashSecret(accepting.invitationToken)),
      );
      return this.join(tx, invitation, account, presentedToken);
    });
  }

  /** A new account for the invited email (confirmed: the link proves the mailbox), in the team at once. */
  async signUp(signingUp: InvitationSignUp, presentedToken: string | undefined): Promise<Accepted> {
    const seen = usable(await this.invitations.byToken(hashSecret(signingUp.invitationToken)));
    if (seen.accountId) throw ApiError.base(422, HAS_ACCOUNT);
    const passwordHash = await hashPassword(signingUp.password);
    return this.db.transaction(async (tx) => {
      const invitation = usable(
        await this.invitations.lockByToken(tx, hashSecret(signingUp.invitationToken)),
      );
      const userId = uuidv7();
      const created = await this.users.createConfirmed(tx, {
        id: userId,
        email: invitation.email,
        firstName: signingUp.firstName,
        lastName: signingUp.lastName,
        passwordHash,
        primaryProviderId: invitation.providerId,
      });
      // The email got an account in between (a sign-up of its own): it signs in to accept.
      if (!created) throw ApiError.base(422, HAS_ACCOUNT);
      await this.events.publish('identity.user.created.v1', { userId, email: invitation.email }, tx);
      const account = {
        id: userId,
        email: invitation.email,
        firstName: signingUp.firstName,
        lastName: signingUp.lastName,
        staffRole: null,
      };
      return this.join(tx, invitation, account, presentedToken);
    });
  }

  private async join(
    tx: EntityManager,
    invitation: InvitationByTokenRow,
    account: Pick<UserRow, 'id' | 'email' | 'firstName' | 'lastName' | 'staffRole'>,
    presentedToken: string | undefined,
  ): Promise<Accepted> {
    const { providerId } = invitation;
    const userId = account.id;
    // Someone already in the provider keeps the role they have; the link is spent either way.
    if (await this.memberships.join(tx, userId, providerId, invitation.role, invitation.clientId)) {
      await this.events.publish(
        'identity.membership.changed.v1',
        {
          providerId,
          userId,
          role: invitation.role,
          ...(invitation.clientId ? { providerClientId: invitation.clientId } : {}),
        },
        tx,
      );
    }
    await this.invitations.markAccepted(tx, invitation.id, userId);
    await this.users.adoptPrimaryProvider(tx, userId, providerId);
    const membership = await this.memberships.find(userId, providerId, tx);
    await this.sessions.revokePresented(tx, presentedToken);
    const opened = await this.sessions.openSession(tx, { userId, providerId });
    return {
      opened,
      answer: {
        user: {
          id: userId,
          email: account.email,
          firstName: account.firstName,
          lastName: account.lastName,
          role: membership?.role ?? invitation.role,
          staffRole: account.staffRole,
        },
        currentProvider: { id: providerId, name: invitation.providerName },
        csrfToken: opened.csrfToken,
      },
    };
  }

  private async refuseLastAdmin(tx: EntityManager, providerId: string): Promise<never> {
    const provider = await this.providers.findById(tx, providerId);
    throw ApiError.base(422, lastAdminRefusal(provider?.name ?? 'The team'));
  }

  private async mail(providerId: string, invitation: InvitationRow, token: string): Promise<void> {
    const provider = (await this.providers.findById(this.db.dataSource, providerId))?.name ?? 'a team';
    const link = `${this.config.APP_URL}/users/invitation/accept?invitation_token=${token}`;
    void this.mailer
      .send(invitationEmail(invitation, provider, link))
      .catch((error: unknown) => this.logger.error({ err: error }, 'invitation email not sent'));
  }
}

function invitationEmail(invitation: InvitationRow, provider: string, link: string): Email {
  const who = invitation.invitedBy || `An admin of ${provider}`;
  if (invitation.role === 'client_user') {
    return {
      to: invitation.email,
      subject: `${who} invited you to your client portal with ${provider} on Tourly`,
      text: `${who} invited you to your client portal with ${provider} on Tourly: your properties' tours, websites, floor plans and documents in one place.\n\nTo accept, open this link (it works until ${invitation.expiresAt.toISOString().slice(0, 10)}):\n${link}\n\nIf you have a Tourly account, sign in with it; if not, you will choose a password there.\nIf you did not expect this, ignore this email: nothing happens without the link.`,
    };
  }
  return {
    to: invitation.email,
    subject: `${who} invited you to join ${provider} on Tourly`,
    text: `${who} invited you to join ${provider} on Tourly as ${ROLE_WORDS[invitation.role]}.\n\nTo accept, open this link (it works until ${invitation.expiresAt.toISOString().slice(0, 10)}):\n${link}\n\nIf you have a Tourly account, sign in with it; if not, you will choose a password there.\nIf you did not expect this, ignore this email: nothing happens without the link.`,
  };
}

/** The invitation a link stands for while it works; otherwise the refusal saying why and what to do next. */
function usable(invitation: InvitationByTokenRow | undefined): InvitationByTokenRow {
  if (!invitation) throw ApiError.notFound(INVITATION_LINK_INVALID);
  const state = linkState(invitation);
  if (state !== 'open') {
    throw ApiError.base(410, linkRefusal(state, invitation.providerName, invitation.expiresAt));
  }
  return invitation;
}

function memberOf(row: TeamMemberRow): TeamMemberResponse {
  return { ...row, role: row.role as TeamRole, joinedAt: row.joinedAt.toISOString() };
}

function invitationOf(row: InvitationRow): InvitationResponse {
  return {
    id: row.id,
    email: row.email,
    role: row.role as TeamRole,
    status: row.expired ? 'expired' : 'pending',
    invitedBy: row.invitedBy,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}
