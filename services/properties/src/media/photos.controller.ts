import { Body, Controller, Delete, Get, Param, Post, Query } from '@nestjs/common';
import { ProviderId, Responds, Roles, TakesNoBody } from '@tourly/platform';
import { AddPhoto, AddPhotos, MediaItemResponse, MediaSourceQuery, RemovedResponse } from './media.dto';
import { MediaService } from './media.service';

/** 001 §7 Photos: uploaded photos of a property, added from temporary uploads (images only, by content). */
@Controller('provider/properties/:id/photos')
@Roles('admin', 'scan_technician', 'member')
export class PhotosController {
  constructor(private readonly media: MediaService) {}

  @Get()
  @Responds([MediaItemResponse])
  list(
    @ProviderId() providerId: string,
    @Param('id') id: string,
    @Query() query: MediaSourceQuery,
  ): Promise<MediaItemResponse[]> {
    return this.media.list(providerId, id, 'photo', query.source);
  }

  /** After a batch of uploads: the property's photos, each with its thumbnail and square flag. */
  @Get('finalize')
  @Responds([MediaItemResponse])
  finalize(@ProviderId() providerId: string, @Param('id') id: string): Promise<MediaItemResponse[]> {
    return this.media.list(providerId, id, 'photo');
  }

  @Post('upload_multiple')
  @Responds([MediaItemResponse])
  addMany(
    @ProviderId() providerId: string,
    @Param('id') id: string,
    @Body() body: AddPhotos,
  ): Promise<MediaItemResponse[]> {
    return this.media.addUploads(
      providerId,
      id,
      'photo',
      { uploadIds: body.photo.temporaryUploadIds },
      'photo.temporaryUploadIds',
    );
  }

  @Post('upload_single')
  @Responds(MediaItemResponse)
  addOne(
    @ProviderId() providerId: string,
    @Param('id') id: string,
    @Body() body: AddPhoto,
  ): Promise<MediaItemResponse> {
    return this.media.addUpload(
      providerId,
      id,
      'photo',
      { uploadId: body.photo.temporaryUploadId },
      'photo.temporaryUploadId',
    );
  }

  /** A photo retouched in its place (a retouching order) shows its original again. */
  @Post(':photoId/restore_original')
  @TakesNoBody()
  @Responds(MediaItemResponse)
  restoreOriginal(
    @ProviderId() providerId: string,
    @Param('id') id: string,
    @Param('photoId') photoId: string,
  ): Promise<MediaItemResponse> {
    return this.media.restoreOriginal(providerId, id, photoId);
  }

  @Delete(':photoId')
  @Responds(RemovedResponse)
  remove(
    @ProviderId() providerId: string,
    @Param('id') id: string,
    @Param('photoId') photoId: string,
  ): Promise<RemovedResponse> {
    return this.media.remove(providerId, id, 'photo', [photoId], true);
  }
}
