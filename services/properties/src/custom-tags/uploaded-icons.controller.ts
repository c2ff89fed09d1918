import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ProviderId, Responds, Roles } from '@tourly/platform';
import { SaveUploadedIcon, UploadedIconResponse, UploadedIconsQuery } from './custom-tags.dto';
import { CustomTagsService, type UploadedIcon } from './custom-tags.service';

/** 002 §7: the provider's own tag icons (images sent through the uploads flow first). */
@Controller('provider/virtual_tours/custom_tags')
@Roles('admin', 'scan_technician', 'member')
export class UploadedIconsController {
  constructor(private readonly tags: CustomTagsService) {}

  @Get('uploaded_icons.json')
  @Responds([UploadedIconResponse])
  list(@ProviderId() providerId: string, @Query() query: UploadedIconsQuery): Promise<UploadedIcon[]> {
    return this.tags.iconList(providerId, query.search);
  }

  @Post('uploaded_icons.json')
  @Responds(UploadedIconResponse)
  add(@ProviderId() providerId: string, @Body() body: SaveUploadedIcon): Promise<UploadedIcon> {
    return this.tags.addIcon(providerId, body.uploadedIcon);
  }

  @Delete('uploaded_icons/:iconId.json')
  @HttpCode(204)
  @Responds(null)
  remove(@ProviderId() providerId: string, @Param('iconId') iconId: string): Promise<void> {
    return this.tags.removeIcon(providerId, iconId);
  }
}
