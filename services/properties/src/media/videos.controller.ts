import { Body, Controller, Delete, Get, Param, Post, Query } from '@nestjs/common';
import { ApiError, ProviderId, Roles } from '@tourly/platform';
import { AddVideo, MediaSourceQuery } from './media.dto';
import { MediaService } from './media.service';

/** 001 §7 Videos: uploaded video files (MP4, MOV, WebM) and links to videos hosted elsewhere. */
@Controller('provider/properties/:id/property_videos')
@Roles('admin', 'scan_technician', 'member')
export class VideosController {
  constructor(private readonly media: MediaService) {}

  @Get()
  list(@ProviderId() providerId: string, @Param('id') id: string, @Query() query: MediaSourceQuery) {
    return this.media.list(providerId, id, 'video', query.source);
  }

  @Post()
  async add(@ProviderId() providerId: string, @Param('id') id: string, @Body() body: AddVideo) {
    const { temporaryUploadId, url, title } = body.propertyVideo;
    if (temporaryUploadId && url) {
      throw ApiError.base(422, 'Send either an uploaded video or a link to one, not both.');
    }
    if (url !== undefined || !temporaryUploadId) {
      return this.media.addExternalVideo(providerId, id, url ?? '', title);
    }
    const [video] = await this.media.addUploads(
      providerId,
      id,
      'video',
      { uploadIds: [temporaryUploadId], names: [title] },
      'propertyVideo.temporaryUploadId',
    );
    return video;
  }

  @Get(':videoId')
  get(@ProviderId() providerId: string, @Param('id') id: string, @Param('videoId') videoId: string) {
    return this.media.get(providerId, id, 'video', videoId);
  }

  @Delete(':videoId')
  remove(@ProviderId() providerId: string, @Param('id') id: string, @Param('videoId') videoId: string) {
    return this.media.remove(providerId, id, 'video', [videoId], true);
  }
}
