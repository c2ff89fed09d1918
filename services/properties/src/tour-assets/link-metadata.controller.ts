import { Controller, Get, Query } from '@nestjs/common';
import { ProviderId, Responds, Roles } from '@tourly/platform';
import { ActionMetadataQuery, LinkMetadataResponse } from './tour-assets.dto';
import { TourAssetsService } from './tour-assets.service';

/** The preview of a page a tour's menu links to, read on the server. */
@Controller('provider/virtual_tours/menu')
@Roles('admin', 'scan_technician', 'member')
export class LinkMetadataController {
  constructor(private readonly assets: TourAssetsService) {}

  @Get('action_metadata')
  @Responds(LinkMetadataResponse)
  read(@ProviderId() providerId: string, @Query() query: ActionMetadataQuery): Promise<LinkMetadataResponse> {
    return this.assets.linkMetadata(providerId, query.link);
  }
}
