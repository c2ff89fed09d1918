import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
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
import { ChangeRoleRequest, InvitationResponse, InviteRequest, TeamMemberResponse } from './team.dto';
import { INVITATION_NOT_FOUND, MEMBER_NOT_FOUND, TeamService } from './team.service';

/**
 * The provider's team: everyone on it reads who is on it; its admins invite, change roles and remove people, and
 * handle the pending invitations. Another provider's member or invitation: 404.
 */
@Controller('provider/settings/team')
@Roles('admin')
export class TeamController {
  constructor(private readonly team: TeamService) {}

  @Get('members')
  @Roles('admin', 'scan_technician', 'member')
  @Responds({ page: TeamMemberResponse })
  members(@ProviderId() providerId: string, @Query() query: PageQuery): Promise<Page<TeamMemberResponse>> {
    return this.team.members(providerId, query);
  }

  @Patch('members/:user_id')
  @Responds(TeamMemberResponse)
  changeRole(
    @ProviderId() providerId: string,
    @Param('user_id', IdParam(MEMBER_NOT_FOUND)) userId: string,
    @Body() body: ChangeRoleRequest,
  ): Promise<TeamMemberResponse> {
    return this.team.changeRole(providerId, userId, body.member.role);
  }

  @Delete('members/:user_id')
  @Responds(null)
  remove(
    @ProviderId() providerId: string,
    @Param('user_id', IdParam(MEMBER_NOT_FOUND)) userId: string,
  ): Promise<null> {
    return this.team.remove(providerId, userId);
  }

  @Get('invitations')
  @Responds({ page: InvitationResponse })
  invitations(
    @ProviderId() providerId: string,
    @Query() query: PageQuery,
  ): Promise<Page<InvitationResponse>> {
    return this.team.pendingInvitations(providerId, query);
  }

  @Post('invitations')
  @Responds(InvitationResponse)
  invite(
    @Caller() caller: Caller,
    @ProviderId() providerId: string,
    @Body() body: InviteRequest,
  ): Promise<InvitationResponse> {
    return this.team.invite(caller, providerId, body.invitation);
  }

  @Post('invitations/:id/resend')
  @HttpCode(200)
  @TakesNoBody()
  @Responds(InvitationResponse)
  resend(
    @ProviderId() providerId: string,
    @Param('id', IdParam(INVITATION_NOT_FOUND)) id: string,
  ): Promise<InvitationResponse> {
    return this.team.resend(providerId, id);
  }

  @Delete('invitations/:id')
  @Responds(null)
  revoke(
    @ProviderId() providerId: string,
    @Param('id', IdParam(INVITATION_NOT_FOUND)) id: string,
  ): Promise<null> {
    return this.team.revoke(providerId, id);
  }
}
