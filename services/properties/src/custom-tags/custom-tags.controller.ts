import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ProviderId, Responds, Roles } from '@tourly/platform';
import { SaveTagLayer, SaveTagLayerSettings, TagLayerResponse } from './custom-tags.dto';
import { CustomTagsService, type TagLayerView } from './custom-tags.service';

/**
 * 002 §7 "Provider: custom tags": a tour's tag layer. The list is saved whole (POST replaces the tour's tags) and is
 * what visitors see once the tour is shared: these tags have no draft.
 */
@Controller('provider/properties/:id/custom_tag_layer')
@Roles('admin', 'scan_technician', 'member')
export class CustomTagsController {
  constructor(private readonly tags: CustomTagsService) {}

  @Get()
  @Responds(TagLayerResponse)
  layer(@ProviderId() providerId: string, @Param('id') id: string): Promise<TagLayerView> {
    return this.tags.layer(providerId, id);
  }

  @Post()
  @HttpCode(200)
  @Responds(TagLayerResponse)
  save(
    @ProviderId() providerId: string,
    @Param('id') id: string,
    @Body() body: SaveTagLayer,
  ): Promise<TagLayerView> {
    return this.tags.save(providerId, id, body.tagLayer.customTags);
  }

  @Post('settings')
  @HttpCode(200)
  @Responds(TagLayerResponse)
  settings(
    @ProviderId() providerId: string,
    @Param('id') id: string,
    @Body() body: SaveTagLayerSettings,
  ): Promise<TagLayerView> {
    return this.tags.setEnabled(providerId, id, body.tagLayerSettings.tourlyTagsEnabled);
  }
}
