import { Inject, Injectable } from '@nestjs/common';
import { CLIENT_PORTAL_CONTACT, type ClientPortalContact } from '@tourly/contracts';
import {
  ApiError,
  Database,
  EventBus,
  pageOf,
  pageWithTotal,
  RpcClient,
  type Caller,
  type ClientScope,
  type Page,
  type PageQuery,
} from '@tourly/platform';
import { MembershipsRepository } from '../accounts/memberships.repository';
import { ProvidersRepository } from '../accounts/providers.repository';
import { UsersRepository } from '../accounts/users.repository';
import { PermissionsService } from '../permissions/permissions.service';
import type { InvitationRow } from './invitations.repository';
import type { PortalInvitationResponse, PortalProviderResponse, PortalUserResponse } from './team.dto';
import { TeamService } from './team.service';
import { InvitationsRepository } from './invitations.repository';

export const PORTAL_USER_NOT_FOUND = 'Portal user not found';
/** Properties' own words for a client that is not the provider's. */
export const CLIENT_PORTAL_CLIENT_NOT_FOUND = 'Client not found';
export const PROVIDER_NOT_FOUND = 'Provider not found';
/** 000 §6: on the free plan the portal is built and previewed; inviting into it needs an upgrade (403). */
export const CLIENT_PORTAL_NEEDS_UPGRADE =
  'Inviting clients into their portal comes with a paid plan. Upgrade your plan to invite them; until then you can build the portal and preview it.';
export const NOT_A_CONTACT_OF_THE_CLIENT =
  "is not the e-mail address of one of this client's contacts: add the person to the client's contacts first";

/**
 * Client portals (issue 31), identity's part: who may enter a client's portal. A client's contact is invited by
 * its address with the team's invitation machinery (the same table, link, 7 days, resend, revoke, accepting),
 * scoped to the client: the invitation and the membership it makes carry the client, which then travels with the
 * client user's every request (the internal token's `clientId`). Clients and contacts are properties' rows:
 * properties is asked whether the client is the provider's and the address one of its contacts'.
 */
@Injectable()
export class ClientPortalService {
  constructor(
    private readonly db: Database,
    private readonly team: TeamService,
    private readonly memberships: MembershipsRepository,
    private readonly providers: ProvidersRepository,
    private readonly users: UsersRepository,
    private readonly invitationRecords: InvitationsRepository,
    private readonly permissions: PermissionsService,
    private readonly rpc: RpcClient,
    @Inject(EventBus) private readonly events: EventBus,
  ) {}

  async portalUsers(
    providerId: string,
    clientId: string,
    query: PageQuery,
  ): Promise<Page<PortalUserResponse>> {
    await this.clientOf(providerId, clientId);
    const rows = await this.memberships.clientUsersOf(providerId, clientId, query.pageSize, query.offset);
    const page = await pageWithTotal(rows, query, () =>
      this.memberships.countClientUsersOf(providerId, clientId),
    );
    return { ...page, items: page.items.map((row) => ({ ...row, joinedAt: row.joinedAt.toISOString() })) };
  }

  async invitations(
    providerId: string,
    clientId: string,
    query: PageQuery,
  ): Promise<Page<PortalInvitationResponse>> {
    await this.clientOf(providerId, clientId);
    const [rows, total] = await this.team.openInvitations(providerId, clientId, query);
    return pageOf(rows.map(portalInvitationOf), total, query);
  }

  /**
   * Emails the contact a link into the client's portal: 404 for a client that is not the provider's, 403 on a plan
   * without client portals, 422 for an address none of the client's contacts has (or already in the provider, or
   * with a live invitation).
   */
  async invite(
    caller: Caller,
    providerId: string,
    clientId: string,
    email: string,
  ): Promise<PortalInvitationResponse> {
    const client = await this.clientOf(providerId, clientId, email);
    await this.refuseWithoutPortals(providerId);
    if (!client.contact) throw ApiError.invalid('invitation.email', NOT_A_CONTACT_OF_THE_CLIENT);
    const created = await this.team.inviteInto(caller, providerId, { email, role: 'client_user' }, clientId);
    return portalInvitationOf(created);
  }

  async resend(providerId: string, clientId: string, id: string): Promise<PortalInvitationResponse> {
    await this.refuseWithoutPortals(providerId);
    return portalInvitationOf(await this.team.resendIn(providerId, clientId, id));
  }

  revoke(providerId: string, clientId: string, id: string): Promise<null> {
    return this.team.revoke(providerId, id, clientId);
  }

  /** Ends a person's access to the client's portal (their account stays); published like any removal. */
  async remove(providerId: string, clientId: string, userId: string): Promise<null> {
    await this.db.transaction(async (tx) => {
      if (!(await this.memberships.lockClientUser(tx, providerId, clientId, userId)))
        throw ApiError.notFound(PORTAL_USER_NOT_FOUND);
      await this.memberships.remove(tx, providerId, userId);
      await this.users.leavePrimaryProvider(tx, userId, providerId);
      await this.events.publish(
        'identity.membership.changed.v1',
        { providerId, userId, role: null, providerClientId: clientId },
        tx,
      );
    });
    return null;
  }

  /**
   * The client was deleted: its portal users lose their access (each removal published, as one by one) and its open
   * invitations are revoked. A repeated event finds nobody left.
   */
  async clientDeleted(providerId: string, clientId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.invitationRecords.revokeAllOfClient(tx, providerId, clientId);
      for (const userId of await this.memberships.lockClientUsers(tx, providerId, clientId)) {
        await this.memberships.remove(tx, providerId, userId);
        await this.users.leavePrimaryProvider(tx, userId, providerId);
        await this.events.publish(
          'identity.membership.changed.v1',
          { providerId, userId, role: null, providerClientId: clientId },
          tx,
        );
      }
    });
  }

  /** The provider whose portal a client user is in: its name and logo, for the portal's header. */
  async provider(scope: ClientScope): Promise<PortalProviderResponse> {
    const provider = await this.providers.settings(scope.providerId);
    if (!provider) throw ApiError.notFound(PROVIDER_NOT_FOUND);
    return { id: provider.id, name: provider.name, logoUrl: provider.logoUrl };
  }

  private clientOf(providerId: string, clientId: string, email?: string): Promise<ClientPortalContact> {
    return this.rpc.ask<ClientPortalContact>(CLIENT_PORTAL_CONTACT, { providerId, clientId, email });
  }

  private async refuseWithoutPortals(providerId: string): Promise<void> {
    if (!(await this.permissions.publishing(providerId)).clientPortal)
      throw ApiError.forbidden(CLIENT_PORTAL_NEEDS_UPGRADE);
  }
}

function portalInvitationOf(row: InvitationRow): PortalInvitationResponse {
  return {
    id: row.id,
    email: row.email,
    providerClientId: row.clientId ?? '',
    status: row.expired ? 'expired' : 'pending',
    invitedBy: row.invitedBy,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}
