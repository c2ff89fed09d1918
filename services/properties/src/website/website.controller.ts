import { Body, Controller, Get, Param, Patch } from '@nestjs/common';
import { ProviderId, Responds, Roles } from '@tourly/platform';
import {
  UpdatePropertyFeatures,
  UpdateWebsiteDocumentsAndLinks,
  UpdateWebsiteFloorplan,
  UpdateWebsitePhotos,
  UpdateWebsiteSettings,
  UpdateWebsiteVideos,
  WebsiteResponse,
} from './website.dto';
import { WebsiteService } from './website.service';

/** 001 §7 Website: the single-property website, edited part by part; each PATCH answers the whole website. */
@Controller('provider/properties/:id/website')
@Roles('admin', 'scan_technician', 'member')
export class WebsiteController {
  constructor(private readonly website: WebsiteService) {}

  @Get()
  @Responds(WebsiteResponse)
  get(@ProviderId() providerId: string, @Param('id') id: string): Promise<WebsiteResponse> {
    return this.website.get(providerId, id);
  }

  @Patch('settings')
  @Responds(WebsiteResponse)
  settings(
    @ProviderId() providerId: string,
    @Param('id') id: string,
    @Body() body: UpdateWebsiteSettings,
  ): Promise<WebsiteResponse> {
    return this.website.updateSettings(providerId, id, body.websiteSettings);
  }

  @Patch('property_features')
  @Responds(WebsiteResponse)
  features(
    @ProviderId() providerId: string,
    @Param('id') id: string,
    @Body() body: UpdatePropertyFeatures,
  ): Promise<WebsiteResponse> {
    return this.website.updateFeatures(providerId, id, body.propertyFeatures);
  }

  @Patch('photos')
  @Responds(WebsiteResponse)
  photos(
    @ProviderId() providerId: string,
    @Param('id') id: string,
    @Body() body: UpdateWebsitePhotos,
  ): Promise<WebsiteResponse> {
    return this.website.updatePhotos(providerId, id, body.photos);
  }

  @Patch('floorplan')
  @Responds(WebsiteResponse)
  floorplan(
    @ProviderId() providerId: string,
    @Param('id') id: string,
    @Body() body: UpdateWebsiteFloorplan,
  ): Promise<WebsiteResponse> {
    return this.website.updateFloorplan(providerId, id, body.publishedFloorplan.id);
  }

  @Patch('videos')
  @Responds(WebsiteResponse)
  videos(
    @ProviderId() providerId: string,
    @Param('id') id: string,
    @Body() body: UpdateWebsiteVideos,
  ): Promise<WebsiteResponse> {
    return this.website.updateVideos(providerId, id, body.publishedVideoIds);
  }

  @Patch('documents_and_links')
  @Responds(WebsiteResponse)
  documentsAndLinks(
    @ProviderId() providerId: string,
    @Param('id') id: string,
    @Body() body: UpdateWebsiteDocumentsAndLinks,
  ): Promise<WebsiteResponse> {
    return this.website.updateDocumentsAndLinks(providerId, id, body.documentsAndLinks);
  }
}
