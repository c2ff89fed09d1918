import { Body, Controller, Delete, Get, Param, Post, Query } from '@nestjs/common';
import { ProviderId, Roles } from '@tourly/platform';
import { AddMediaLinks, IdsQuery } from './media.dto';
import { MediaLinksService } from './media-links.service';

/** 001 §7 Media links: `{"media_links": [{url, title}]}`. */
@Controller('provider/properties/:id/media_links')
@Roles('admin', 'scan_technician', 'member')
export class MediaLinksController {
  constructor(private readonly links: MediaLinksService) {}

  @Get()
  list(@ProviderId() providerId: string, @Param('id') id: string) {
    return this.links.list(providerId, id);
  }

  @Post()
  add(@ProviderId() providerId: string, @Param('id') id: string, @Body() body: AddMediaLinks) {
    return this.links.add(providerId, id, body.mediaLinks);
  }

  @Delete()
  removeMany(@ProviderId() providerId: string, @Param('id') id: string, @Query() query: IdsQuery) {
    return this.links.remove(providerId, id, query.ids, false);
  }

  @Delete(':linkId')
  remove(@ProviderId() providerId: string, @Param('id') id: string, @Param('linkId') linkId: string) {
    return this.links.remove(providerId, id, [linkId], true);
  }
}
