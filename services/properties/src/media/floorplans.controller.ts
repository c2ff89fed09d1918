import { Body, Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import { ProviderId, Responds, Roles } from '@tourly/platform';
import { AddFloorplans, MediaItemResponse, RemovedResponse, UpdateFloorplan } from './media.dto';
import { MediaService } from './media.service';

/** 001 §7 Floorplans: images or PDFs, named and ordered. */
@Controller('provider/properties/:id/floorplans')
@Roles('admin', 'scan_technician', 'member')
export class FloorplansController {
  constructor(private readonly media: MediaService) {}

  @Get()
  @Responds([MediaItemResponse])
  list(@ProviderId() providerId: string, @Param('id') id: string): Promise<MediaItemResponse[]> {
    return this.media.list(providerId, id, 'floorplan');
  }

  @Post('upload_multiple')
  @Responds([MediaItemResponse])
  add(
    @ProviderId() providerId: string,
    @Param('id') id: string,
    @Body() body: AddFloorplans,
  ): Promise<MediaItemResponse[]> {
    return this.media.addUploads(
      providerId,
      id,
      'floorplan',
      { uploadIds: body.floorplan.temporaryUploadIds, names: body.floorplan.names },
      'floorplan.temporaryUploadIds',
    );
  }

  @Put(':floorplanId')
  @Responds(MediaItemResponse)
  update(
    @ProviderId() providerId: string,
    @Param('id') id: string,
    @Param('floorplanId') floorplanId: string,
    @Body() body: UpdateFloorplan,
  ): Promise<MediaItemResponse> {
    return this.media.updateFloorplan(providerId, id, floorplanId, body.floorplan);
  }

  @Delete(':floorplanId')
  @Responds(RemovedResponse)
  remove(
    @ProviderId() providerId: string,
    @Param('id') id: string,
    @Param('floorplanId') floorplanId: string,
  ): Promise<RemovedResponse> {
    return this.media.remove(providerId, id, 'floorplan', [floorplanId], true);
  }
}
