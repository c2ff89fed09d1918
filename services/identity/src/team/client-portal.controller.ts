import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  Caller,
  IdParam,
  PageQuery,
  ProviderId,
  Responds,
  Roles,
  TakesNoBody,
  type Page,
} from '@tourly/platform';
import {
  CLIENT_PORTAL_CLIENT_NOT_FOUND,
  ClientPortalService,
  PORTAL_USER_NOT_FOUND,
} from './client-portal.service';
import { PortalInvitationResponse, PortalInviteRequest, PortalUserResponse } from './team.dto';
import { INVITATION_NOT_FOUND } from './team.service';

/**
 * Who may enter a client's portal (issue 31): the provider's people read it; its admins invite the client's
 * contacts, resend and revoke the invitations, and end a person's access. Another provider's client: 404.
 */
@Controller('provider/client_portal/clients/:client_id')
@Roles('admin')
export class ClientPortalController {
  constructor(private readonly portal: ClientPortalService) {}

  @Get('users')
  @Roles('admin', 'scan_technician', 'member')
  @Responds({ page: PortalUserResponse })
  users(
    @ProviderId() providerId: string,
    @Param('client_id', IdParam(CLIENT_PORTAL_CLIENT_NOT_FOUND)) clientId: string,
    @Query() query: PageQuery,
  ): Promise<Page<PortalUserResponse>> {
    return this.portal.portalUsers(providerId, clientId, query);
  }

  @Delete('users/:user_id')
  @Responds(null)
  remove(
    @ProviderId() providerId: string,
    @Param('client_id', IdParam(CLIENT_PORTAL_CLIENT_NOT_FOUND)) clientId: string,
    @Param('user_id', IdParam(PORTAL_USER_NOT_FOUND)) userId: string,
  ): Promise<null> {
    return this.portal.remove(providerId, clientId, userId);
  }

  @Get('invitations')
  @Roles('admin', 'scan_technician', 'member')
  @Responds({ page: PortalInvitationResponse })
  invitations(
    @ProviderId() providerId: string,
    @Param('client_id', IdParam(CLIENT_PORTAL_CLIENT_NOT_FOUND)) clientId: string,
    @Query() query: PageQuery,
  ): Promise<Page<PortalInvitationResponse>> {
    return this.portal.invitations(providerId, clientId, query);
  }

  @Post('invitations')
  @Responds(PortalInvitationResponse)
  invite(
    @Caller() caller: Caller,
    @ProviderId() providerId: string,
    @Param('client_id', IdParam(CLIENT_PORTAL_CLIENT_NOT_FOUND)) clientId: string,
    @Body() body: PortalInviteRequest,
  ): Promise<PortalInvitationResponse> {
    return this.portal.invite(caller, providerId, clientId, body.invitation.email);
  }

  @Post('invitations/:id/resend')
  @HttpCode(200)
  @TakesNoBody()
  @Responds(PortalInvitationResponse)
  resend(
    @ProviderId() providerId: string,
    @Param('client_id', IdParam(CLIENT_PORTAL_CLIENT_NOT_FOUND)) clientId: string,
    @Param('id', IdParam(INVITATION_NOT_FOUND)) id: string,
  ): Promise<PortalInvitationResponse> {
    return this.portal.resend(providerId, clientId, id);
  }

  @Delete('invitations/:id')
  @Responds(null)
  revoke(
    @ProviderId() providerId: string,
    @Param('client_id', IdParam(CLIENT_PORTAL_CLIENT_NOT_FOUND)) clientId: string,
    @Param('id', IdParam(INVITATION_NOT_FOUND)) id: string,
  ): Promise<null> {
    return this.portal.revoke(providerId, clientId, id);
  }
}
