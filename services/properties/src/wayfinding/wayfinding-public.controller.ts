import { Controller, Get, Param, Req, UseGuards } from '@nestjs/common';
import { Public, Responds } from '@tourly/platform';
import type { FastifyRequest } from 'fastify';
import { visitorContext } from '../player/player.controller';
import { PlayerService } from '../player/player.service';
import { PublicRateLimit } from '../player/public-rate-limit.guard';
import { WayfindingLayerAnswer } from './wayfinding.dto';
import type { WayfindingLayer } from './wayfinding.rules';
import { WayfindingService } from './wayfinding.service';

/**
 * The visitor's wayfinding layer of a shared tour (behind its password like the rest): fetched by the player's
 * wayfinding layer, loaded lazily, so base.json stays as small as it was. A basic tour's is empty.
 */
@Controller('digital_twin')
@Public()
@UseGuards(PublicRateLimit)
export class WayfindingPublicController {
  constructor(
    private readonly player: PlayerService,
    private readonly wayfinding: WayfindingService,
  ) {}

  @Get(':id/layers/wayfinding.json')
  @Responds(WayfindingLayerAnswer)
  async get(
    @Param('id') id: string,
    @Req() request: FastifyRequest,
  ): Promise<{ wayfindingLayer: WayfindingLayer }> {
    const tour = await this.player.open(id, visitorContext(request), request.headers.cookie);
    return { wayfindingLayer: await this.wayfinding.shown(tour.propertyId) };
  }
}
