import { Controller, Get, Param, Req, UseGuards } from '@nestjs/common';
import { Public, Responds } from '@tourly/platform';
import type { FastifyRequest } from 'fastify';
import { visitorContext } from '../player/player.controller';
import { PlayerService } from '../player/player.service';
import { PublicRateLimit } from '../player/public-rate-limit.guard';
import { WelcomeScreensAnswer, type WelcomeSequenceScreenResponse } from './welcome-screens.dto';
import { WelcomeScreensService } from './welcome-screens.service';

/**
 * The visitor's welcome screens of a shared tour (behind its password like the rest), fetched by the player's
 * welcome layer, loaded lazily: their signed media links would otherwise make base.json change at every build. A
 * basic tour's are none.
 */
@Controller('digital_twin')
@Public()
@UseGuards(PublicRateLimit)
export class WelcomeScreensPublicController {
  constructor(
    private readonly player: PlayerService,
    private readonly screens: WelcomeScreensService,
  ) {}

  @Get(':id/layers/welcome_screens.json')
  @Responds(WelcomeScreensAnswer)
  async get(
    @Param('id') id: string,
    @Req() request: FastifyRequest,
  ): Promise<{ welcomeScreens: WelcomeSequenceScreenResponse[] }> {
    const tour = await this.player.open(id, visitorContext(request), request.headers.cookie);
    return { welcomeScreens: await this.screens.shown(tour.propertyId) };
  }
}
