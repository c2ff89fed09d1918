import { Body, Controller, Delete, Get, HttpCode, Inject, Post, Query, Req, Res } from '@nestjs/common';
import { Caller, CONFIG, PageQuery, ProviderId, Roles, Staff, type PlatformConfig } from '@tourly/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sessionCookie, sessionTokenFrom } from '../sessions/cookies';
import { SESSION_LIFETIME_SECONDS } from '../sessions/sessions.service';
import { StartImpersonation } from './impersonation.dto';
import { IMPERSONATION_SECONDS, ImpersonationService } from './impersonation.service';

@Controller()
export class ImpersonationController {
  private readonly secureCookies: boolean;

  constructor(
    private readonly impersonation: ImpersonationService,
    @Inject(CONFIG) config: PlatformConfig,
  ) {
    this.secureCookies = config.NODE_ENV === 'production';
  }

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
    void reply.header('set-cookie', sessionCookie(opened.token, IMPERSONATION_SECONDS, this.secureCookies));
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
    void reply.header(
      'set-cookie',
      sessionCookie(opened.token, SESSION_LIFETIME_SECONDS, this.secureCookies),
    );
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
