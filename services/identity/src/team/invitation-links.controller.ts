import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { Caller, Public, Responds } from '@tourly/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SignedInResponse } from '../accounts/accounts.dto';
import { SessionCookies, sessionTokenFrom } from '../sessions/cookies';
import {
  AcceptInvitationRequest,
  CheckInvitationRequest,
  InvitationLinkResponse,
  InvitationSignUpRequest,
} from './team.dto';
import { TeamService } from './team.service';

/**
 * The emailed link's page: what it invites to, then accepting it by signing in (an account) or creating the
 * account (none yet). Both start a session in the provider (the cookie), like a sign-in. POST, so the token stays
 * out of URLs and their logs.
 */
@Controller('users/invitation')
@Public()
export class InvitationLinksController {
  constructor(
    private readonly team: TeamService,
    private readonly cookies: SessionCookies,
  ) {}

  @Post('check')
  @HttpCode(200)
  @Responds(InvitationLinkResponse)
  check(@Body() body: CheckInvitationRequest): Promise<InvitationLinkResponse> {
    return this.team.check(body.invitation.invitationToken);
  }

  @Post('accept')
  @HttpCode(200)
  @Responds(SignedInResponse)
  async accept(
    @Caller() caller: Caller,
    @Body() body: AcceptInvitationRequest,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SignedInResponse> {
    const { opened, answer } = await this.team.accept(
      caller,
      body.invitation,
      request.ip,
      sessionTokenFrom(request.headers.cookie),
    );
    this.cookies.set(reply, opened.token);
    return answer;
  }

  @Post('sign_up')
  @Responds(SignedInResponse)
  async signUp(
    @Body() body: InvitationSignUpRequest,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SignedInResponse> {
    const { opened, answer } = await this.team.signUp(
      body.invitation,
      sessionTokenFrom(request.headers.cookie),
    );
    this.cookies.set(reply, opened.token);
    return answer;
  }
}
