import { Controller, Get, Param } from '@nestjs/common';
import { Public, Responds } from '@tourly/platform';
import { PublicWebsiteResponse } from './website.dto';
import { WebsiteService } from './website.service';

/**
 * The public single-property website's data, for visitors (no sign-in): a published website by the
 * provider's id and the property's slug; 404 when it is not published.
 */
@Controller('tours/:providerId/:slug')
@Public()
export class PublicWebsiteController {
  constructor(private readonly website: WebsiteService) {}

  @Get('website.json')
  @Responds(PublicWebsiteResponse)
  published(
    @Param('providerId') providerId: string,
    @Param('slug') slug: string,
  ): Promise<PublicWebsiteResponse> {
    return this.website.published(providerId, slug);
  }
}
