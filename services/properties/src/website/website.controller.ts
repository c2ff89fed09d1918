import { Body, Controller, Get, Param, Patch } from '@nestjs/common';
import { ProviderId, Roles } from '@tourly/platform';
import {
  UpdatePropertyFeatures,
  UpdateWebsiteDocumentsAndLinks,
  UpdateWebsiteFloorplan,
  UpdateWebsitePhotos,
  UpdateWebsiteSettings,
  UpdateWebsiteVideos,
} from './website.dto';
import { WebsiteService } from './website.service';

/** 001 §7 Website: the single-property website, edited part by part; each PATCH answers the whole website. */
@Controller('provider/properties/:id/website')
@Roles('admin', 'scan_technician', 'member')
export class WebsiteController {
  constructor(private readonly website: WebsiteService) {}

  @Get()
  get(@ProviderId() providerId: string, @Param('id') id: string) {
    return this.website.get(providerId, id);
  }

  @Patch('settings')
  settings(@ProviderId() providerId: string, @Param('id') id: string, @Body() body: UpdateWebsiteSettings) {
    return this.website.updateSettings(providerId, id, body.websiteSettings);
  }

  @Patch('property_features')
  features(@ProviderId() providerId: string, @Param('id') id: string, @Body() body: UpdatePropertyFeatures) {
    return this.website.updateFeatures(providerId, id, body.propertyFeatures);
  }

  @Patch('photos')
  photos(@ProviderId() providerId: string, @Param('id') id: string, @Body() body: UpdateWebsitePhotos) {
    return this.website.updatePhotos(providerId, id, body.photos);
  }

  @Patch('floorplan')
  floorplan(@ProviderId() providerId: string, @Param('id') id: string, @Body() body: UpdateWebsiteFloorplan) {
    return this.website.updateFloorplan(providerId, id, body.publishedFloorplan.id);
  }

  @Patch('videos')
  videos(@ProviderId() providerId: string, @Param('id') id: string, @Body() body: UpdateWebsiteVideos) {
    return this.website.updateVideos(providerId, id, body.publishedVideoIds);
  }

  @Patch('documents_and_links')
  documentsAndLinks(
    @ProviderId() providerId: string,
    @Param('id') id: string,
    @Body() body: UpdateWebsiteDocumentsAndLinks,
  ) {
    return this.website.updateDocumentsAndLinks(providerId, id, body.documentsAndLinks);
  }
}
