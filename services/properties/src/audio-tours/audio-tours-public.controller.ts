import { Controller, Get, Param, Req, UseGuards } from '@nestjs/common';
import { Public, Responds } from '@tourly/platform';
import type { FastifyRequest } from 'fastify';
import { visitorContext } from '../player/player.controller';
import { PlayerService } from '../player/player.service';
import { PublicRateLimit } from '../player/public-rate-limit.guard';
import { PublicAudioTourResponse } from './audio-tours.dto';
import { AudioToursService } from './audio-tours.service';

/** The audio tour of a shared tour, for its visitors (through the tour's gate, as base.json). */
@Controller('digital_twin')
@Public()
@UseGuards(PublicRateLimit)
export class AudioToursPublicController {
  constructor(
    private readonly player: PlayerService,
    private readonly audio: AudioToursService,
  ) {}

  /** `{audio_tour}`: null when the tour has none, or is a basic tour (the layers come with premium tours). */
  @Get(':id/layers/audio_tour.json')
  @Responds(PublicAudioTourResponse)
  async audioTour(@Param('id') id: string, @Req() request: FastifyRequest): Promise<PublicAudioTourResponse> {
    const tour = await this.player.open(id, visitorContext(request), request.headers.cookie);
    return { audioTour: await this.audio.forVisitors(tour.providerId, tour.propertyId) };
  }
}
