import { Controller, Get, Param, Req } from '@nestjs/common';
import { Public, Responds } from '@tourly/platform';
import type { FastifyRequest } from 'fastify';
import { visitorContext } from '../player/player.controller';
import { TourMetadataResponse } from './tour-assets.dto';
import { TourAssetsService } from './tour-assets.service';

/**
 * A shared tour's link preview, for visitors and the sites its link is posted on (no sign-in), through the tour's
 * gate: behind a password, 401 until the visitor unlocked the tour.
 */
@Controller('tours/:clientSlug/:modelSlug')
@Public()
export class PublicTourMetadataController {
  constructor(private readonly assets: TourAssetsService) {}

  @Get('metadata')
  @Responds(TourMetadataResponse)
  metadata(
    @Param('clientSlug') clientSlug: string,
    @Param('modelSlug') modelSlug: string,
    @Req() request: FastifyRequest,
  ): Promise<TourMetadataResponse> {
    return this.assets.tourMetadata(clientSlug, modelSlug, visitorContext(request), request.headers.cookie);
  }
}
