import { Controller, Get, Query } from '@nestjs/common';
import { ProviderId, Responds, Roles } from '@tourly/platform';
import { ImageProxyService } from './img-proxy.service';
import { ThumbnailQuery, ThumbnailResponse } from './tour-assets.dto';

/**
 * 002 §7 "Provider: custom tags, templates, floor plans": thumbnails of images on other hosts, for the editors: the
 * thumbnail's address in storage (presigned, for a while); a refused image is a 422 on `url`.
 */
@Controller('provider/img_proxy')
@Roles('admin', 'scan_technician', 'member')
export class ImageProxyController {
  constructor(private readonly proxy: ImageProxyService) {}

  @Get('thumbnail')
  @Responds(ThumbnailResponse)
  async thumbnail(
    @ProviderId() _providerId: string,
    @Query() query: ThumbnailQuery,
  ): Promise<ThumbnailResponse> {
    return { url: await this.proxy.thumbnail(query.url, query.width, query.height) };
  }
}
