import { Body, Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import { MESSAGES } from '@tourly/contracts';
import { ApiError, ProviderId, Roles } from '@tourly/platform';
import { AddFloorplans, UpdateFloorplan } from './media.dto';
import { MediaService } from './media.service';

/** 001 §7 Floorplans: images or PDFs, named and ordered. */
@Controller('provider/properties/:id/floorplans')
@Roles('admin', 'scan_technician', 'member')
export class FloorplansController {
  constructor(private readonly media: MediaService) {}

  @Get()
  list(@ProviderId() providerId: string, @Param('id') id: string) {
    return this.media.list(providerId, id, 'floorplan');
  }

  @Post('upload_multiple')
  add(@ProviderId() providerId: string, @Param('id') id: string, @Body() body: AddFloorplans) {
    return this.media.addUploads(
      providerId,
      id,
      'floorplan',
      { uploadIds: body.floorplan.temporaryUploadIds, names: body.floorplan.names },
      'floorplan.temporaryUploadIds',
    );
  }

  @Put(':floorplanId')
  update(
    @ProviderId() providerId: string,
    @Param('id') id: string,
    @Param('floorplanId') floorplanId: string,
    @Body() body: UpdateFloorplan,
  ) {
    if (body.floorplan.name === '') throw ApiError.invalid('floorplan.name', MESSAGES.required);
    return this.media.update(providerId, id, 'floorplan', floorplanId, body.floorplan);
  }

  @Delete(':floorplanId')
  remove(
    @ProviderId() providerId: string,
    @Param('id') id: string,
    @Param('floorplanId') floorplanId: string,
  ) {
    return this.media.remove(providerId, id, 'floorplan', [floorplanId], true);
  }
}
