import { Body, Controller, Delete, Get, Param, Post, Query } from '@nestjs/common';
import { ProviderId, Responds, Roles } from '@tourly/platform';
import { AddVideo, MediaItemResponse, MediaSourceQuery, RemovedResponse } from './media.dto';
import { MediaService } from './media.service';

/** 001 §7 Videos: uploaded video files (MP4, MOV, WebM) and links to videos hosted elsewhere. */
@Controller('provider/properties/:id/property_videos')
@Roles('admin', 'scan_technician', 'member')
export class VideosController {
  constructor(private readonly media: MediaService) {}

  @Get()
  @Responds([MediaItemResponse])
  list(
    @ProviderId() providerId: string,
    @Param('id') id: string,
    @Query() query: MediaSourceQuery,
  ): Promise<MediaItemResponse[]> {
    return this.media.list(providerId, id, 'video', query.source);
  }

  @Post()
  @Responds(MediaItemResponse)
  add(
    @ProviderId() providerId: string,
    @Param('id') id: string,
    @Body() body: AddVideo,
  ): Promise<MediaItemResponse> {
    return this.media.addVideo(providerId, id, body.propertyVideo);
  }

  @Get(':videoId')
  @Responds(MediaItemResponse)
  get(
    @ProviderId() providerId: string,
    @Param('id') id: string,
    @Param('videoId') videoId: string,
  ): Promise<MediaItemResponse> {
    return this.media.get(providerId, id, 'video', videoId);
  }

  @Delete(':videoId')
  @Responds(RemovedResponse)
  remove(
    @ProviderId() providerId: string,
    @Param('id') id: string,
    @Param('videoId') videoId: string,
  ): Promise<RemovedResponse> {
    return this.media.remove(providerId, id, 'video', [videoId], true);
  }
}
