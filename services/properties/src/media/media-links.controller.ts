import { Body, Controller, Delete, Get, Param, Post, Query } from '@nestjs/common';
import { ProviderId, Responds, Roles } from '@tourly/platform';
import { AddMediaLinks, IdsQuery, MediaLinkResponse, RemovedResponse } from './media.dto';
import { MediaLinksService } from './media-links.service';

/** 001 §7 Media links: `{"media_links": [{url, title}]}`. */
@Controller('provider/properties/:id/media_links')
@Roles('admin', 'scan_technician', 'member')
export class MediaLinksController {
  constructor(private readonly links: MediaLinksService) {}

  @Get()
  @Responds([MediaLinkResponse])
  list(@ProviderId() providerId: string, @Param('id') id: string): Promise<MediaLinkResponse[]> {
    return this.links.list(providerId, id);
  }

  @Post()
  @Responds([MediaLinkResponse])
  add(
    @ProviderId() providerId: string,
    @Param('id') id: string,
    @Body() body: AddMediaLinks,
  ): Promise<MediaLinkResponse[]> {
    return this.links.add(providerId, id, body.mediaLinks);
  }

  @Delete()
  @Responds(RemovedResponse)
  removeMany(
    @ProviderId() providerId: string,
    @Param('id') id: string,
    @Query() query: IdsQuery,
  ): Promise<RemovedResponse> {
    return this.links.remove(providerId, id, query.ids, false);
  }

  @Delete(':linkId')
  @Responds(RemovedResponse)
  remove(
    @ProviderId() providerId: string,
    @Param('id') id: string,
    @Param('linkId') linkId: string,
  ): Promise<RemovedResponse> {
    return this.links.remove(providerId, id, [linkId], true);
  }
}
