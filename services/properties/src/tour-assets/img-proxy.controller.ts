import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiExcludeEndpoint } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ProviderId, RawResponse, Roles } from '@tourly/platform';
import { ImageProxyService } from './img-proxy.service';
import { ThumbnailQuery } from './tour-assets.dto';

/**
 * 002 §7 "Provider: custom tags, templates, floor plans": thumbnails of images on other hosts, for the editors' `<img>`
 * (a navigation of the image's, outside the API document): a 302 to the thumbnail in storage; a refused image is a
 * 422 on `url` in the {errors} shape.
 */
@Controller('provider/img_proxy')
@Roles('admin', 'scan_technician', 'member')
export class ImageProxyController {
  constructor(private readonly proxy: ImageProxyService) {}

  @Get('thumbnail')
  @RawResponse()
  @ApiExcludeEndpoint()
  async thumbnail(
    @ProviderId() _providerId: string,
    @Query() query: ThumbnailQuery,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const location = await this.proxy.thumbnail(query.url, query.width, query.height);
    await reply.code(302).header('location', location).header('cache-control', 'private, max-age=300').send();
  }
}
