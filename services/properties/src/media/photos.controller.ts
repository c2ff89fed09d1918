import { Body, Controller, Delete, Get, Param, Post, Query } from '@nestjs/common';
import { ProviderId, Roles } from '@tourly/platform';
import { AddPhoto, AddPhotos, MediaSourceQuery } from './media.dto';
import { MediaService } from './media.service';

/** 001 §7 Photos: uploaded photos of a property, added from temporary uploads (images only, by content). */
@Controller('provider/properties/:id/photos')
@Roles('admin', 'scan_technician', 'member')
export class PhotosController {
  constructor(private readonly media: MediaService) {}

  @Get()
  list(@ProviderId() providerId: string, @Param('id') id: string, @Query() query: MediaSourceQuery) {
    return this.media.list(providerId, id, 'photo', query.source);
  }

  /** After a batch of uploads: the property's photos, each with its thumbnail and square flag. */
  @Get('finalize')
  finalize(@ProviderId() providerId: string, @Param('id') id: string) {
    return this.media.list(providerId, id, 'photo');
  }

  @Post('upload_multiple')
  addMany(@ProviderId() providerId: string, @Param('id') id: string, @Body() body: AddPhotos) {
    return this.media.addUploads(
      providerId,
      id,
      'photo',
      { uploadIds: body.photo.temporaryUploadIds },
      'photo.temporaryUploadIds',
    );
  }

  @Post('upload_single')
  async addOne(@ProviderId() providerId: string, @Param('id') id: string, @Body() body: AddPhoto) {
    const [photo] = await this.media.addUploads(
      providerId,
      id,
      'photo',
      { uploadIds: [body.photo.temporaryUploadId] },
      'photo.temporaryUploadId',
    );
    return photo;
  }

  @Delete(':photoId')
  remove(@ProviderId() providerId: string, @Param('id') id: string, @Param('photoId') photoId: string) {
    return this.media.remove(providerId, id, 'photo', [photoId], true);
  }
}
