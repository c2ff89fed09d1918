import { Body, Controller, Delete, Get, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import { Caller, Responds, Staff, type Page } from '@tourly/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SessionCookies, sessionTokenFrom } from '../sessions/cookies';
import {
  ImpersonationRecordResponse,
  ImpersonationsQuery,
  ImpersonationStartedResponse,
  ImpersonationStoppedResponse,
  StartImpersonation,
} from './impersonation.dto';
import { IMPERSONATION_SECONDS, ImpersonationService } from './impersonation.service';

@Controller('admin/impersonations')
export class ImpersonationController {
  constructor(
    private readonly impersonation: ImpersonationService,
    private readonly cookies: SessionCookies,
  ) {}

  @Post()
  @Staff('platform_admin')
  @HttpCode(200)
  @Responds(ImpersonationStartedResponse)
  async start(
    @Caller() caller: Caller,
    @Body() body: StartImpersonation,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ImpersonationStartedResponse> {
    const { opened, answer } = await this.impersonation.start(
      caller,
      sessionTokenFrom(request.headers.cookie),
      body.providerId,
      body.returnTo ?? null,
      body.landOn,
    );
    this.cookies.set(reply, opened.token, IMPERSONATION_SECONDS);
    return { ...answer, csrfToken: opened.csrfToken };
  }

  /** Called from the impersonation session itself (the banner's stop button). */
  @Delete('current')
  @Responds(ImpersonationStoppedResponse)
  async stop(
    @Caller() caller: Caller,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ImpersonationStoppedResponse> {
    const { opened, answer } = await this.impersonation.stop(
      caller,
      sessionTokenFrom(request.headers.cookie),
    );
    this.cookies.set(reply, opened.token);
    return { ...answer, csrfToken: opened.csrfToken };
  }

  @Get()
  @Staff('platform_admin')
  @Responds({ page: ImpersonationRecordResponse })
  list(@Query() query: ImpersonationsQuery): Promise<Page<ImpersonationRecordResponse>> {
    return this.impersonation.list(query);
  }
}
