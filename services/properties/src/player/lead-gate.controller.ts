import { Controller, Get, Param, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiExcludeEndpoint } from '@nestjs/swagger';
import { Public, RawResponse } from '@tourly/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { leadPassSetCookie } from './lead-gate.rules';
import { LeadGate, type LeadPass } from './lead-gate.service';
import { visitorContext } from './player.controller';
import { LeadUnlockQuery } from './player.dto';
import { PlayerService } from './player.service';
import { PublicRateLimit } from './public-rate-limit.guard';

/** Sets a lead pass's cookie (none: the tour has no gate), over https marked `Secure`. */
export function setLeadPassCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  pass: Omit<LeadPass, 'link'> | null,
): void {
  if (!pass) return;
  void reply.header(
    'set-cookie',
    leadPassSetCookie(
      pass.propertyId,
      pass.cookieValue,
      pass.expires,
      Date.now(),
      request.protocol === 'https',
    ),
  );
}

/** The lead gate's temporary link (a lead's answer carries it): the visitor's other browser gets the pass too. */
@Controller('digital_twin')
@Public()
@UseGuards(PublicRateLimit)
export class LeadGateController {
  constructor(
    private readonly player: PlayerService,
    private readonly leadGate: LeadGate,
  ) {}

  /**
   * Opened in a browser (a navigation, never an API call, so outside the API document): a 303 to the tour's own link,
   * with the tour's lead pass as a cookie when the link is genuine and has not run out. An unknown tour: 404.
   */
  @Get(':id/lead_unlock')
  @RawResponse()
  @ApiExcludeEndpoint()
  async open(
    @Param('id') id: string,
    @Query() query: LeadUnlockQuery,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const tour = await this.player.visible(id, visitorContext(request));
    const { pass, location } = this.leadGate.redeem(tour, id, query.unlock);
    setLeadPassCookie(request, reply, pass);
    await reply.code(303).header('location', location).header('cache-control', 'no-store').send();
  }
}
