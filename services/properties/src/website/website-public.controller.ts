import { Body, Controller, Get, HttpCode, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import { Public, Responds } from '@tourly/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { setUnlockCookie } from '../player/player.controller';
import { UnlockForm } from '../player/player.dto';
import { PRIVATE_ANSWER } from '../player/player.rules';
import { PublicRateLimit } from '../player/public-rate-limit.guard';
import { PublicWebsiteResponse } from './website.dto';
import { WebsiteService } from './website.service';

/**
 * The public single-property website's data, for visitors (no sign-in): a published website by the
 * provider's id and the property's slug; 404 when it is not published. Behind its tour's password it answers
 * 401 as the tour does until the visitor unlocks one or the other (one cookie opens both).
 */
@Controller('tours/:providerId/:slug')
@Public()
@UseGuards(PublicRateLimit)
export class PublicWebsiteController {
  constructor(private readonly website: WebsiteService) {}

  @Get('website.json')
  @Responds(PublicWebsiteResponse)
  async published(
    @Param('providerId') providerId: string,
    @Param('slug') slug: string,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PublicWebsiteResponse> {
    const visit = await this.website.visit(providerId, slug);
    // Locked or not, a protected website's answers are the visitor's browser's alone.
    if (this.website.passwordProtected(visit)) {
      void reply.header('cache-control', PRIVATE_ANSWER).header('vary', 'cookie');
    }
    return this.website.published(visit, request.headers.cookie);
  }

  /** The tour's password gate from its website: the same username and password, the same cookie, for 12 h. */
  @Post('website/unlock')
  @HttpCode(204)
  @Responds(null)
  async unlock(
    @Param('providerId') providerId: string,
    @Param('slug') slug: string,
    @Body() form: UnlockForm,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    const visit = await this.website.visit(providerId, slug);
    setUnlockCookie(request, reply, await this.website.unlock(visit, form, request.ip));
  }
}
