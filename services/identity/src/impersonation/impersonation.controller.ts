import { Body, Controller, Delete, Get, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import { Caller, PageQuery, ProviderId, Roles, Staff } from '@tourly/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SessionCookies, sessionTokenFrom } from '../sessions/cookies';
import { StartImpersonation } from './impersonation.dto';
import { IMPERSONATION_SECONDS, ImpersonationService } from './impersonation.service';

@Controller()
export class ImpersonationController {
  constructor(
    private readonly impersonation: ImpersonationService,
    private readonly cookies: SessionCookies,
  ) {}

  @Post('admin/impersonations')
  @Staff('platform_admin')
  @HttpCode(200)
  async start(
    @Caller() caller: Caller,
    @Body() body: StartImpersonation,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { opened, answer } = await this.impersonation.start(
      caller,
      sessionTokenFrom(request.headers.cookie),
      body.providerId,
    );
    this.cookies.set(reply, opened.token, IMPERSONATION_SECONDS);
    return { ...answer, csrfToken: opened.csrfToken };
  }

  /** Called from the impersonation session itself (the banner's stop button). */
  @Delete('admin/impersonations/current')
  async stop(
    @Caller() caller: Caller,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { opened, answer } = await this.impersonation.stop(
      caller,
      sessionTokenFrom(request.headers.cookie),
    );
    this.cookies.set(reply, opened.token);
    return { ...answer, csrfToken: opened.csrfToken };
  }

  @Get('admin/impersonations')
  @Staff('platform_admin')
  list(@Query() query: PageQuery) {
    return this.impersonation.list(query);
  }

  @Get('provider/settings/access_log')
  @Roles('admin')
  accessLog(@ProviderId() providerId: string, @Query() query: PageQuery) {
    return this.impersonation.accessLog(providerId, query);
  }
}
