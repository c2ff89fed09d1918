import { Controller, Delete, HttpCode, Param, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { TOUR_MESSAGES } from '@tourly/contracts';
import { IdParam, MultipartFile, ProviderId, Responds, Roles } from '@tourly/platform';
import { LocationImageResponse } from './tour-assets.dto';
import { TourAssetsService } from './tour-assets.service';

/** Images a provider's tours show (the welcome screen's picture): uploaded once, removed by id. */
@Controller('provider/virtual_tours')
@Roles('admin', 'scan_technician', 'member')
export class LocationImagesController {
  constructor(private readonly assets: TourAssetsService) {}

  /** multipart `location_image[file]`: one image (JPEG, PNG, WebP or GIF, by its bytes). */
  @Post('location_images.json')
  @MultipartFile('location_image[file]', 'One image (at most 100MB).')
  @Responds(LocationImageResponse)
  add(@ProviderId() providerId: string, @Req() request: FastifyRequest): Promise<LocationImageResponse> {
    return this.assets.addLocationImage(providerId, request.raw);
  }

  @Delete('location_images/:id')
  @HttpCode(204)
  @Responds(null)
  remove(
    @ProviderId() providerId: string,
    @Param('id', IdParam(TOUR_MESSAGES.locationImageNotFound)) id: string,
  ): Promise<void> {
    return this.assets.removeLocationImage(providerId, id);
  }
}
