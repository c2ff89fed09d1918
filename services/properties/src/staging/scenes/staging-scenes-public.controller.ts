import { Controller, Get, Param, Req, UseGuards } from '@nestjs/common';
import { Public, Responds } from '@tourly/platform';
import type { FastifyRequest } from 'fastify';
import { visitorContext } from '../../player/player.controller';
import { PlayerService } from '../../player/player.service';
import { PublicRateLimit } from '../../player/public-rate-limit.guard';
import { PublicSceneResponse } from './staging-scenes.dto';
import { StagingScenesService } from './staging-scenes.service';

/**
 * 002 §7: a shared tour's published staging scene (behind its password like the rest), fetched by the player's
 * staging toggle only when base.json says the tour has one, so base.json stays as small as it was.
 */
@Controller('vt_staging')
@Public()
@UseGuards(PublicRateLimit)
export class StagingScenesPublicController {
  constructor(
    private readonly player: PlayerService,
    private readonly scenes: StagingScenesService,
  ) {}

  @Get(':id/scene.json')
  @Responds(PublicSceneResponse)
  async get(@Param('id') id: string, @Req() request: FastifyRequest): Promise<PublicSceneResponse> {
    const tour = await this.player.open(id, visitorContext(request), request.headers.cookie);
    return this.scenes.published(id, tour.propertyId);
  }
}
