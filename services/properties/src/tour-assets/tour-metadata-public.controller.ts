import { Controller, Get, Param } from '@nestjs/common';
import { Public, Responds } from '@tourly/platform';
import { TourMetadataResponse } from './tour-assets.dto';
import { TourAssetsService } from './tour-assets.service';

/** A shared tour's link preview, for visitors and the sites its link is posted on (no sign-in). */
@Controller('tours/:clientSlug/:modelSlug')
@Public()
export class PublicTourMetadataController {
  constructor(private readonly assets: TourAssetsService) {}

  @Get('metadata')
  @Responds(TourMetadataResponse)
  metadata(
    @Param('clientSlug') clientSlug: string,
    @Param('modelSlug') modelSlug: string,
  ): Promise<TourMetadataResponse> {
    return this.assets.tourMetadata(clientSlug, modelSlug);
  }
}
